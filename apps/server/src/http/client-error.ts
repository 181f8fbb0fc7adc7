import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import {
  type AppError,
  BadRequest,
  PayloadTooLarge,
  RequestHeaderFieldsTooLarge,
  Timeout,
} from "@metabuild/core";

/** The same choice of status as Node's own answer, as an error of ours. */
function errorFor(code: string | undefined): AppError {
  switch (code) {
    case "HPE_HEADER_OVERFLOW":
      return new RequestHeaderFieldsTooLarge("The request headers are too large");
    case "HPE_CHUNK_EXTENSIONS_OVERFLOW":
      return new PayloadTooLarge("The request's chunk extensions are too large");
    case "ERR_HTTP_REQUEST_TIMEOUT":
      return new Timeout("The request did not arrive in time");
    default:
      return new BadRequest("The request is malformed");
  }
}

/**
 * Answers a request Node's HTTP parser refused (it never reaches the app)
 * with the JSON error body of every other error, then closes the connection
 * (docs/http-edge.md). Without this handler Node answers with no body.
 */
export function answerClientError(err: NodeJS.ErrnoException, socket: Socket): void {
  // As Node itself: nothing is written to a connection that is gone, or in
  // the middle of an answer whose head is already out.
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (err.code === "ECONNRESET" || !socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  const error = errorFor(err.code);
  const body = JSON.stringify(error.toBody());
  socket.end(
    `HTTP/1.1 ${error.code} ${STATUS_CODES[error.code]}\r\n` +
      "Content-Type: application/json; charset=utf-8\r\n" +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      "Connection: close\r\n\r\n" +
      body,
    () => socket.destroy(),
  );
}
