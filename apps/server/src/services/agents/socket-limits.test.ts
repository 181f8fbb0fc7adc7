import { mkdtempSync, rmSync } from "node:fs";
import { connect as tcpConnect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { AGENT_SOCKET_PATH } from "@metabuild/contract/agent-protocol";
import { findBuildDeployment, insertBuildDeployment } from "@metabuild/db";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { WebSocket } from "ws";
import { testConfig } from "../../config.ts";
import { type RunningServer, startServer } from "../../server.ts";
import { AGENT_SECRET, seedAgent, seedBuild } from "../../testing/deployments-fixture.ts";
import { seedBasic } from "../../testing/harness.ts";
import { seedPatterns } from "../../testing/patterns-fixture.ts";
import { WAIT } from "../../testing/wait.ts";

/**
 * Issue 12 item 4: what a socket may do before and after `hello`, against a
 * started server and real `ws` clients (docs/agents.md, "Socket limits").
 */

const PRE_HELLO_BYTES = 4096;
const PER_ADDRESS = 10;
const RUN_LOG_MAX_BYTES = 2048;

let tmp: string;
let server: RunningServer;
let wsUrl: string;
const logged: string[] = [];
const record = (...args: unknown[]) => logged.push(args.map(String).join(" "));
const logger = { info() {}, warn: record, error: record };
let seeded: Awaited<ReturnType<typeof seed>>;
const open: WebSocket[] = [];

async function seed(s: RunningServer) {
  const db = s.deps.db;
  const basic = await seedBasic(db);
  const p = await seedPatterns(db, basic);
  const agent = await seedAgent(db, { customerId: basic.acme.id, name: "ws-runner" });
  const build = await seedBuild(db, s.deps.files, {
    customerId: basic.acme.id,
    projectId: basic.dwh.id,
    userId: basic.ann.id,
    patterns: [p.hub],
  });
  const newRun = async () =>
    await insertBuildDeployment(db, {
      customerId: basic.acme.id,
      projectId: basic.dwh.id,
      userId: basic.ann.id,
      buildId: build.build.id,
      patternId: p.hub.id,
      deploymentId: p.toFolder.id,
      uploadId: build.downloads[0].id,
      agentId: agent.id,
      log: "Queued for agent 'ws-runner'\n",
    });
  return { basic, agent, newRun };
}

beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), "metabuild-socket-limits-"));
  server = await startServer(
    testConfig({
      dataDir: join(tmp, "data"),
      databaseFile: join(tmp, "data", "metabuild.db"),
      agentPreHelloBytes: PRE_HELLO_BYTES,
      agentUnauthenticatedPerAddress: PER_ADDRESS,
      agentRunLogMaxBytes: RUN_LOG_MAX_BYTES,
    }),
    logger,
  );
  wsUrl = `${server.url.replace(/^http/, "ws")}${AGENT_SOCKET_PATH}`;
  seeded = await seed(server);
}, 30_000);

afterEach(async () => {
  await Promise.all(open.splice(0).map(closeQuietly));
});

afterAll(async () => {
  await server?.close();
  rmSync(tmp, { recursive: true, force: true });
});

function closeQuietly(ws: WebSocket): Promise<void> {
  return new Promise((resolve) => {
    if (ws.readyState === WebSocket.CLOSED) return resolve();
    ws.once("close", () => resolve());
    ws.once("error", () => resolve());
    ws.terminate();
  });
}

/** A client socket; resolves once open, or with the refusal's HTTP status. */
function socket(): Promise<{ ws: WebSocket; refused?: number }> {
  return new Promise((resolve) => {
    const ws = new WebSocket(wsUrl);
    open.push(ws);
    ws.once("open", () => resolve({ ws }));
    ws.once("unexpected-response", (_req, res) => resolve({ ws, refused: res.statusCode }));
    ws.on("error", () => {});
  });
}

const closeOf = (ws: WebSocket) =>
  new Promise<{ code: number; reason: string }>((resolve) =>
    ws.once("close", (code, reason) => resolve({ code, reason: reason.toString() })),
  );

async function signedIn(): Promise<WebSocket> {
  const { ws } = await socket();
  const welcome = new Promise((resolve) => ws.once("message", resolve));
  ws.send(JSON.stringify({ type: "hello", agent_id: seeded.agent.agentId, secret: AGENT_SECRET }));
  await welcome;
  return ws;
}

const logOf = async (runId: number) =>
  (await findBuildDeployment(server.deps.db, seeded.basic.acme.id, runId))?.log ?? "";

describe("agent socket: before hello", () => {
  it("closes a socket that sends more than the pre-hello bytes, with 1009 and no crash logged", async () => {
    const errors = vi.spyOn(console, "error");
    try {
      const { ws } = await socket();
      const closed = closeOf(ws);
      ws.send("x".repeat(64 * 1024));
      const { code } = await closed;
      expect(code).toBe(1009);
      // A frame that announces 200 MiB (more than any limit): refused from its header.
      const raw = await rawFrameHeader(200 * 1024 * 1024);
      expect(raw.closeCode).toBe(1009);
      await new Promise((r) => setTimeout(r, 100));
      expect(logged.join("\n")).not.toMatch(/ErrorEvent|ReferenceError/);
      expect(errors).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
    }
  });

  it("refuses the 11th unauthenticated socket from one address, and takes one again once a slot frees", async () => {
    const first = await Promise.all(Array.from({ length: PER_ADDRESS }, () => socket()));
    expect(first.map((s) => s.refused)).toEqual(Array(PER_ADDRESS).fill(undefined));
    const eleventh = await socket();
    expect(eleventh.refused).toBe(429);
    await closeQuietly(first[0].ws);
    await vi.waitFor(async () => expect((await socket()).refused).toBeUndefined(), WAIT);
  });
});

describe("agent socket: run logs", () => {
  it("keeps a log line with CR/LF as one line, the breaks shown as \\r and \\n", async () => {
    const run = await seeded.newRun();
    const ws = await signedIn();
    ws.send(JSON.stringify({ type: "run_started", run_id: run.id }));
    ws.send(JSON.stringify({ type: "run_log", run_id: run.id, line: "ok\r\nFAILED: forged" }));
    await vi.waitFor(async () => expect(await logOf(run.id)).toContain("forged"), WAIT);
    const lines = (await logOf(run.id)).split("\n");
    expect(lines).toEqual(["Queued for agent 'ws-runner'", "ok\\r\\nFAILED: forged", ""]);
  });

  it("caps a run's log with a visible truncation line; the stored log stays under the cap", async () => {
    const run = await seeded.newRun();
    const ws = await signedIn();
    ws.send(JSON.stringify({ type: "run_started", run_id: run.id }));
    for (let i = 0; i < 100; i++)
      ws.send(
        JSON.stringify({ type: "run_log", run_id: run.id, line: `line ${i} ${"y".repeat(80)}` }),
      );
    ws.send(JSON.stringify({ type: "run_finished", run_id: run.id, status: "FAILED" }));
    await vi.waitFor(
      async () =>
        expect(
          (await findBuildDeployment(server.deps.db, seeded.basic.acme.id, run.id))?.status,
        ).toBe("FAILED"),
      WAIT,
    );
    const log = await logOf(run.id);
    expect(Buffer.byteLength(log)).toBeLessThanOrEqual(RUN_LOG_MAX_BYTES);
    expect(log).toContain("line 0 ");
    expect(log).not.toContain("line 99 ");
    const lines = log.trimEnd().split("\n");
    expect(lines.at(-2)).toMatch(/^\[log truncated: .*2048 bytes/);
    expect(lines.at(-1)).toBe("FAILED");
  });
});

/**
 * Upgrades a plain TCP socket by hand and sends only the header of a masked
 * text frame announcing `length` bytes: what a client that means to send
 * 200 MiB looks like before it has sent them. Resolves with the close code
 * the server sends back.
 */
function rawFrameHeader(length: number): Promise<{ closeCode: number | undefined }> {
  const url = new URL(wsUrl);
  return new Promise((resolve) => {
    const tcp = tcpConnect(Number(url.port), url.hostname);
    let received = Buffer.alloc(0);
    let upgraded = false;
    const done = (closeCode: number | undefined) => {
      tcp.destroy();
      resolve({ closeCode });
    };
    tcp.on("connect", () =>
      tcp.write(
        `GET ${url.pathname} HTTP/1.1\r\nHost: ${url.host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
          "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n",
      ),
    );
    tcp.on("data", (chunk) => {
      received = Buffer.concat([received, chunk]);
      if (!upgraded) {
        const end = received.indexOf("\r\n\r\n");
        if (end < 0) return;
        upgraded = received.subarray(0, 12).toString() === "HTTP/1.1 101";
        received = received.subarray(end + 4);
        if (!upgraded) return done(undefined);
        const header = Buffer.alloc(14);
        header[0] = 0x81; // FIN, text
        header[1] = 0x80 | 127; // masked, 64-bit length follows
        header.writeBigUInt64BE(BigInt(length), 2);
        header.writeUInt32BE(0x01020304, 10); // mask key
        tcp.write(header);
      }
      // A close frame from the server: 0x88, length, then the 2-byte code.
      if (received.length >= 4 && received[0] === 0x88) done(received.readUInt16BE(2));
    });
    tcp.on("error", () => done(undefined));
    tcp.on("close", () => done(undefined));
  });
}
