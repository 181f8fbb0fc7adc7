/**
 * A bounded request loop over keep-alive HTTP/1.1 connections, written on raw
 * sockets: Node's http client costs more CPU per request than a small Hono
 * route does, so with it the client, not the server, would set the pace.
 * Each connection sends one GET, reads the whole answer (Content-Length or
 * chunked), then sends the next, until the time is up.
 */
import { type Socket, connect } from "node:net";

export interface LoopSpec {
  port: number;
  /** The next path to ask for (called once per request). */
  nextPath: () => string;
  headers: Record<string, string>;
  connections: number;
  seconds: number;
  /** Stop after this many requests even if time is left. */
  maxRequests?: number;
}

export interface LoopResult {
  requests: number;
  seconds: number;
  /** Status code → count. */
  statuses: Record<number, number>;
  /** Every request's latency in ms, in completion order. */
  latencies: number[];
  bytes: number;
}

const HEADER_END = Buffer.from("\r\n\r\n");

/**
 * Reads one answer at a time from a connection's bytes, without joining
 * large bodies (a full list is tens of megabytes, chunked).
 */
class AnswerReader {
  private head: Buffer = Buffer.alloc(0);
  private status = 0;
  /** Body framing once the head is read: bytes left, or chunked. */
  private mode: "head" | "length" | "chunk-size" | "chunk-data" | "last-crlf" = "head";
  private left = 0;
  private sizeLine = "";

  /** Feeds bytes; answers the status once the answer is complete. */
  feed(data: Buffer): number | undefined {
    let at = 0;
    while (at < data.length) {
      if (this.mode === "head") {
        this.head = Buffer.concat([this.head, data.subarray(at)]);
        const end = this.head.indexOf(HEADER_END);
        if (end < 0) return undefined;
        const text = this.head.toString("latin1", 0, end);
        const consumed = data.length - (this.head.length - end - 4);
        this.head = Buffer.alloc(0);
        this.status = Number(text.slice(9, 12));
        const length = /\r\ncontent-length:\s*(\d+)/i.exec(text);
        if (length) [this.mode, this.left] = ["length", Number(length[1])];
        else if (/\r\ntransfer-encoding:\s*chunked/i.test(text)) this.mode = "chunk-size";
        else throw new Error(`an answer without framing: ${text}`);
        at = consumed;
        if (this.mode === "length" && this.left === 0) return this.done(at, data);
      } else if (
        this.mode === "length" ||
        this.mode === "chunk-data" ||
        this.mode === "last-crlf"
      ) {
        const take = Math.min(this.left, data.length - at);
        this.left -= take;
        at += take;
        if (this.left > 0) continue;
        if (this.mode === "chunk-data") this.mode = "chunk-size";
        else return this.done(at, data);
      } else {
        const lineEnd = data.indexOf("\r\n", at, "latin1");
        this.sizeLine += data.toString("latin1", at, lineEnd < 0 ? data.length : lineEnd);
        if (lineEnd < 0) return undefined;
        at = lineEnd + 2;
        const size = Number.parseInt(this.sizeLine, 16);
        this.sizeLine = "";
        // A chunk's data and its CRLF; after the zero chunk only the final CRLF.
        [this.mode, this.left] = size === 0 ? ["last-crlf", 2] : ["chunk-data", size + 2];
      }
    }
    return undefined;
  }

  private done(at: number, data: Buffer): number {
    if (at !== data.length) throw new Error("bytes after an answer (no pipelining here)");
    this.mode = "head";
    return this.status;
  }
}

/** Runs `spec.connections` connections in parallel for `spec.seconds`. */
export async function runLoop(spec: LoopSpec): Promise<LoopResult> {
  const result: LoopResult = { requests: 0, seconds: 0, statuses: {}, latencies: [], bytes: 0 };
  const extra = Object.entries(spec.headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join("");
  const started = performance.now();
  const deadline = started + spec.seconds * 1000;
  const max = spec.maxRequests ?? Number.POSITIVE_INFINITY;
  let issued = 0;

  const connection = () =>
    new Promise<void>((resolve, reject) => {
      const socket: Socket = connect(spec.port, "127.0.0.1");
      socket.setNoDelay(true);
      const reader = new AnswerReader();
      let bytes = 0;
      let sentAt = 0;
      const send = () => {
        issued++;
        sentAt = performance.now();
        socket.write(`GET ${spec.nextPath()} HTTP/1.1\r\nHost: 127.0.0.1\r\n${extra}\r\n`);
      };
      socket.on("connect", send);
      socket.on("data", (data: Buffer) => {
        bytes += data.length;
        let status: number | undefined;
        try {
          status = reader.feed(data);
        } catch (err) {
          socket.destroy();
          reject(err);
          return;
        }
        if (status === undefined) return;
        const now = performance.now();
        result.requests++;
        result.bytes += bytes;
        result.latencies.push(now - sentAt);
        result.statuses[status] = (result.statuses[status] ?? 0) + 1;
        bytes = 0;
        if (now < deadline && issued < max) send();
        else socket.end(resolve);
      });
      socket.on("error", reject);
    });

  await Promise.all(Array.from({ length: spec.connections }, connection));
  result.seconds = (performance.now() - started) / 1000;
  return result;
}

/** The value below which `p` (0..1) of the samples fall. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] as number;
}
