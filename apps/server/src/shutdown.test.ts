import { request } from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ServerProcess, freePort } from "./testing/server-process.ts";

/**
 * Acceptance (docs/operations.md "Shutdown"): a real `metabuild serve`
 * process receiving SIGTERM stops accepting connections, finishes the
 * request in flight, ends event streams with a reconnect hint, and exits 0.
 */

let tmp: string;
let server: ServerProcess | undefined;

beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), "metabuild-shutdown-"));
});

afterEach(async () => {
  await server?.kill();
});

afterAll(() => {
  rmSync(tmp, { recursive: true, force: true });
});

async function startServer(name: string, env: Record<string, string> = {}) {
  const port = await freePort();
  server = new ServerProcess(port, {
    METABUILD_DATA_DIR: join(tmp, name),
    METABUILD_DEMO: "on",
    METABUILD_BUILD_WORKERS: "1",
    ...env,
  });
  await server.ready();
  return server;
}

/** A sign-in whose body arrives in two parts: in flight until `finish()` is called. */
function slowSignIn(url: string) {
  const body = JSON.stringify({
    strategy: "local",
    email: "admin@demo.test",
    password: "admin-pass",
  });
  const cut = Math.floor(body.length / 2);
  const req = request(`${url}/authentication`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on("response", (res) => {
      let text = "";
      res.on("data", (d: Buffer) => {
        text += d.toString();
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
      res.on("error", reject);
    });
    req.on("error", reject);
  });
  req.write(body.slice(0, cut));
  return { answer, finish: () => req.end(body.slice(cut)) };
}

async function signIn(url: string): Promise<string> {
  const res = await fetch(`${url}/authentication`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ strategy: "local", email: "admin@demo.test", password: "admin-pass" }),
  });
  return ((await res.json()) as { accessToken: string }).accessToken;
}

/** Resolves once a new connection to `url` is refused. */
async function refused(url: string): Promise<boolean> {
  const until = Date.now() + 30_000;
  while (Date.now() < until) {
    try {
      await fetch(`${url}/health`, { headers: { Connection: "close" } });
    } catch (err) {
      const code = ((err as Error).cause as NodeJS.ErrnoException | undefined)?.code;
      if (code === "ECONNREFUSED") return true;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

describe("SIGTERM", { timeout: 180_000 }, () => {
  it("finishes the request in flight, refuses new connections, ends event streams with a retry hint, exits 0", async () => {
    const s = await startServer("drain");
    const token = await signIn(s.url);
    const events = await fetch(`${s.url}/api/console/events`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(events.status).toBe(200);
    const streamText = events.text();
    const inFlight = slowSignIn(s.url);
    inFlight.answer.catch(() => {});
    // The server has the request's headers before it is told to stop.
    await new Promise((r) => setTimeout(r, 300));

    s.child.kill("SIGTERM");
    expect(await refused(s.url)).toBe(true);
    expect(await streamText).toMatch(/^retry: \d+$/m);
    inFlight.finish();
    const answer = await inFlight.answer;
    // A sign-in answers 201 Created: the request completed as if nothing happened.
    expect(answer.status).toBe(201);
    expect(JSON.parse(answer.body)).toHaveProperty("accessToken");
    expect(await s.exited).toBe(0);
    expect(s.output).not.toMatch(/"level":50/);
  });

  it("cuts a request still unfinished after METABUILD_SHUTDOWN_GRACE and still exits 0", async () => {
    const s = await startServer("grace", { METABUILD_SHUTDOWN_GRACE: "1" });
    const stuck = slowSignIn(s.url);
    stuck.answer.catch(() => {});
    await new Promise((r) => setTimeout(r, 300));
    s.child.kill("SIGTERM");
    // Never finished by the client: the grace period ends it.
    expect(await s.exited).toBe(0);
  });
});
