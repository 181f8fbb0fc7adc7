import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { AGENT_SOCKET_PATH } from "@metabuild/contract/agent-protocol";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { testConfig } from "../config.ts";
import { type RunningServer, startServer } from "../server.ts";

/**
 * Issue 16 item 6: the agents' socket behind a proxy: under the base path,
 * and its per-address limit counting the forwarded client, not the proxy
 * (docs/http-edge.md).
 */
let tmp: string;
let server: RunningServer;
const open: WebSocket[] = [];
const silent = { info() {}, warn() {}, error() {} };

beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), "metabuild-ws-proxy-"));
  server = await startServer(
    testConfig({
      dataDir: join(tmp, "data"),
      databaseFile: join(tmp, "data", "metabuild.db"),
      basePath: "/mb",
      trustProxy: 1,
      agentUnauthenticatedPerAddress: 2,
    }),
    silent,
  );
}, 30_000);

afterEach(() => {
  for (const ws of open.splice(0)) ws.terminate();
});

afterAll(async () => {
  await server?.close();
  rmSync(tmp, { recursive: true, force: true });
});

/** Opens a socket at `path`; resolves with "open" or the refusal's HTTP status. */
function connect(path: string, forwardedFor?: string): Promise<"open" | number> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`${server.url.replace(/^http/, "ws")}${path}`, {
      headers: forwardedFor ? { "X-Forwarded-For": forwardedFor } : {},
    });
    open.push(ws);
    ws.once("open", () => resolve("open"));
    ws.once("unexpected-response", (_req, res) => resolve(res.statusCode ?? 0));
    ws.on("error", () => {});
  });
}

describe("agent socket behind a proxy", () => {
  it("listens under the base path only", async () => {
    expect(await connect(`/mb${AGENT_SOCKET_PATH}`)).toBe("open");
    expect(await connect(AGENT_SOCKET_PATH)).toBe(404);
  });

  it("counts unauthenticated sockets per forwarded client, not per proxy", async () => {
    const path = `/mb${AGENT_SOCKET_PATH}`;
    expect(await connect(path, "6.6.6.6, 203.0.113.5")).toBe("open");
    expect(await connect(path, "7.7.7.7, 203.0.113.5")).toBe("open");
    // A third from the same client, whatever it puts in front, is refused.
    expect(await connect(path, "8.8.8.8, 203.0.113.5")).toBe(429);
    // Another client behind the same proxy still gets in.
    expect(await connect(path, "203.0.113.9")).toBe("open");
  });
});
