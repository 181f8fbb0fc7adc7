import { mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testConfig } from "./config.ts";
import { type RunningServer, startServer } from "./server.ts";
import { TEST_PASSWORD, seedBasic } from "./testing/harness.ts";

/**
 * The HTTP edge of a real server (docs/http-edge.md), spoken to over a raw
 * TCP socket: what Node's HTTP parser answers itself, and bodies refused
 * before they are read.
 */
const LIMIT = 64 * 1024;
const silent = { info() {}, warn() {}, error() {} };
let tmp: string;
let server: RunningServer;
let port: number;
let token: string;

beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), "metabuild-edge-"));
  server = await startServer(
    testConfig({
      dataDir: join(tmp, "data"),
      databaseFile: join(tmp, "data", "metabuild.db"),
      bodyMaxBytes: LIMIT,
    }),
    silent,
  );
  port = Number(new URL(server.url).port);
  await seedBasic(server.deps.db);
  const signedIn = await fetch(`${server.url}/authentication`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ strategy: "local", email: "ann@acme.test", password: TEST_PASSWORD }),
  });
  token = ((await signedIn.json()) as { accessToken: string }).accessToken;
});

afterAll(async () => {
  await server?.close();
  rmSync(tmp, { recursive: true, force: true });
});

interface RawAnswer {
  status: number;
  headers: string;
  body: string;
}

/**
 * Sends `head` (and then `body` chunks, as long as the server reads) and
 * collects the answer until the server closes the connection.
 */
function rawRequest(head: string, body: () => Buffer | undefined = () => undefined) {
  return new Promise<RawAnswer>((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    const received: Buffer[] = [];
    let stopped = false;
    const pump = () => {
      while (!stopped) {
        const chunk = body();
        if (!chunk) return;
        if (!socket.write(chunk)) return socket.once("drain", pump);
      }
    };
    socket.on("connect", () => {
      socket.write(head);
      pump();
    });
    socket.on("data", (d) => received.push(d));
    const finish = () => {
      stopped = true;
      const text = Buffer.concat(received).toString("latin1");
      const [headers = "", rest = ""] = text.split("\r\n\r\n", 2);
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(headers)?.[1] ?? 0);
      if (!status) return reject(new Error(`no HTTP answer: ${JSON.stringify(text)}`));
      // A chunked answer: the body is the one chunk between the size lines.
      const body = /transfer-encoding: chunked/i.test(headers)
        ? (rest.split("\r\n")[1] ?? "")
        : rest;
      resolve({ status, headers, body });
    };
    socket.on("close", finish);
    // The server may reset a connection whose body it stopped reading; the answer came first.
    socket.on("error", () => {});
  });
}

describe("Node-level errors carry the JSON error body", () => {
  it("answers a malformed request line with 400 and the error body", async () => {
    const res = await rawRequest("THIS IS NOT HTTP\r\n\r\n");
    expect(res.status).toBe(400);
    expect(res.headers).toMatch(/content-type: application\/json/i);
    expect(JSON.parse(res.body)).toEqual({
      name: "BadRequest",
      message: "The request is malformed",
      code: 400,
      className: "bad-request",
    });
  });

  it("answers a malformed request after an answered one on the same connection", async () => {
    const text = await new Promise<string>((resolve) => {
      const socket = connect(port, "127.0.0.1");
      let received = "";
      let sentBroken = false;
      socket.on("connect", () => socket.write("GET /health HTTP/1.1\r\nHost: x\r\n\r\n"));
      socket.on("data", (d) => {
        received += d.toString("latin1");
        // The first answer is complete: send a broken second request on the kept-alive
        // connection, once (a flag, not the text: a request id may contain "400").
        if (!sentBroken && /"status":"ok"[^}]*\}$/.test(received)) {
          sentBroken = true;
          socket.write("NOT HTTP EITHER\r\n\r\n");
        }
      });
      socket.on("close", () => resolve(received));
    });
    const second = text.slice(text.indexOf("HTTP/1.1 ", 1));
    expect(second).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(second.split("\r\n\r\n")[1] ?? "")).toMatchObject({ code: 400 });
  });

  it("answers headers that are too large with 431 and the error body", async () => {
    const res = await rawRequest(
      `GET /health HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(64 * 1024)}\r\n\r\n`,
    );
    expect(res.status).toBe(431);
    expect(JSON.parse(res.body)).toEqual({
      name: "RequestHeaderFieldsTooLarge",
      message: "The request headers are too large",
      code: 431,
      className: "request-header-fields-too-large",
    });
  });
});

describe("body limit on a real server", () => {
  const tooLarge = {
    name: "PayloadTooLarge",
    message: `The request body exceeds ${LIMIT} bytes`,
    code: 413,
    className: "payload-too-large",
    data: { request_id: expect.any(String) },
  };

  it("refuses a Content-Length over the limit before the body is sent", async () => {
    const res = await rawRequest(
      "POST /api/v1/metadata HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n" +
        `Content-Length: ${300 * 1024 * 1024}\r\nConnection: close\r\n\r\n`,
    );
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual(tooLarge);
  });

  it("refuses a chunked body once it grows past the limit", async () => {
    let sent = 0;
    // 16 KiB chunks, up to 64 MiB: far more than the server should ever read.
    const chunk = Buffer.from(`4000\r\n${" ".repeat(0x4000)}\r\n`);
    const res = await rawRequest(
      "POST /api/v1/metadata HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n" +
        `Authorization: Bearer ${token}\r\nTransfer-Encoding: chunked\r\n\r\n`,
      () => (sent++ < 4096 ? chunk : undefined),
    );
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual(tooLarge);
  });
});

describe("idle connections", () => {
  it("keeps an idle connection open past Node's default (5 s, closed at 6), for the client's next request", async () => {
    const answers = await new Promise<string[]>((resolve, reject) => {
      const socket = connect(port, "127.0.0.1");
      const seen: string[] = [];
      let text = "";
      socket.on("connect", () => socket.write("GET /health HTTP/1.1\r\nHost: x\r\n\r\n"));
      socket.on("data", (d) => {
        text += d.toString("latin1");
        if (!/"status":"ok"[^}]*\}$/.test(text)) return;
        seen.push(text);
        text = "";
        if (seen.length === 2) return socket.end();
        // Idle longer than Node's default keep-alive timeout, as a proxy's pooled connection is.
        setTimeout(() => socket.write("GET /health HTTP/1.1\r\nHost: x\r\n\r\n"), 7_000);
      });
      socket.on("close", () => resolve(seen));
      socket.on("error", reject);
    });
    expect(answers.map((a) => a.slice(0, 15))).toEqual(["HTTP/1.1 200 OK", "HTTP/1.1 200 OK"]);
  });
});
