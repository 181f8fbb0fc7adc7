import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { join, resolve } from "node:path";

/** The repository's root: specs start servers from its sources. */
export const root = resolve(import.meta.dirname, "../../..");

export function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const probe = createServer();
    probe.once("error", fail);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => ok(port));
    });
  });
}

/** Waits until `url` answers 2xx, failing at once with the output when `child` exits. */
export async function waitFor(url: string, child: ChildProcess, log: () => string, what: string) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`${what} exited with ${child.exitCode} before it was ready:\n${log()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${what} did not become ready at ${url}:\n${log()}`);
}

/** Everything `child` writes, for failure messages. */
export function collect(child: ChildProcess): () => string {
  let output = "";
  child.stdout?.on("data", (d) => {
    output += d;
  });
  child.stderr?.on("data", (d) => {
    output += d;
  });
  return () => output;
}

export function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    child.once("exit", () => done());
    child.kill("SIGTERM");
    setTimeout(() => child.kill("SIGKILL"), 5_000).unref();
  });
}

/** `metabuild serve` from the sources (`tsx apps/server/src/cli/main.ts serve`) with `env` added. */
export function spawnServe(port: number, env: Record<string, string>): ChildProcess {
  return spawn(
    process.execPath,
    ["--import", "tsx", join(root, "apps/server/src/cli/main.ts"), "serve"],
    {
      cwd: root,
      env: { ...process.env, HOST: "127.0.0.1", PORT: String(port), ...env },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
}
