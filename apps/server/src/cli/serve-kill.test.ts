import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ServerProcess, freePort, processesWith } from "../testing/server-process.ts";

/**
 * Issue 27: started as `pnpm metabuild serve` (tsx's launcher, which runs the
 * server as its child), a kill -9 left the SQL executors running, and a
 * kill -9 of the launcher left the whole server running. Whichever process
 * is killed, nothing of the server may stay (docs/operations.md "Runtime").
 */

// Every process of a server inherits its environment; these are the server's own.
const OURS = ["cli/main.ts", "executor-process", "worker-entry"];

const dirs: string[] = [];
const servers: ServerProcess[] = [];

afterAll(async () => {
  for (const s of servers) await s.kill();
  for (const dir of dirs) {
    for (const script of OURS)
      for (const pid of processesWith(script, `METABUILD_DATA_DIR=${dir}`))
        process.kill(pid, "SIGKILL");
    rmSync(dir, { recursive: true, force: true });
  }
});

function left(marker: string): number[] {
  return OURS.flatMap((script) => processesWith(script, marker));
}

async function until(what: string, check: () => boolean, limitMs: number): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A server through tsx's launcher, with its SQL executors and render workers started. */
async function startThroughTsx(): Promise<{ server: ServerProcess; marker: string }> {
  const dir = mkdtempSync(join(tmpdir(), "metabuild-serve-kill-"));
  dirs.push(dir);
  const marker = `METABUILD_DATA_DIR=${dir}`;
  const server = new ServerProcess(await freePort(), { METABUILD_DATA_DIR: dir }, undefined, "tsx");
  servers.push(server);
  await server.ready();
  await until(
    "the warm executors",
    () => processesWith("executor-process", marker).length > 0,
    60_000,
  );
  return { server, marker };
}

// Generous for a busy machine: a child still loading its modules notices only once loaded.
const GONE_WITHIN_MS = 60_000;

describe("metabuild serve through tsx, killed with SIGKILL", () => {
  it("kill -9 of the launcher: the server and every child exit", async () => {
    const { server, marker } = await startThroughTsx();
    expect(left(marker).length).toBeGreaterThanOrEqual(3);
    await server.kill("SIGKILL");
    await until(
      "every process of the server to exit",
      () => left(marker).length === 0,
      GONE_WITHIN_MS,
    );
  }, 180_000);

  it("kill -9 of the server itself: every child exits, and the launcher", async () => {
    const { server, marker } = await startThroughTsx();
    const launcher = server.child.pid as number;
    const [own] = processesWith("cli/main.ts", marker).filter((pid) => pid !== launcher);
    expect(own).toBeGreaterThan(0);
    process.kill(own as number, "SIGKILL");
    await until(
      "every process of the server to exit",
      () => left(marker).length === 0,
      GONE_WITHIN_MS,
    );
    await server.exited;
  }, 180_000);
});
