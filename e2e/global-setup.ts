import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");

function freePort(): Promise<number> {
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

async function waitForHealth(url: string, server: ChildProcess, log: () => string) {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null)
      throw new Error(`metabuild exited with ${server.exitCode} before it was ready:\n${log()}`);
    try {
      if ((await fetch(`${url}/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`metabuild did not become ready at ${url}:\n${log()}`);
}

/**
 * Builds and starts `metabuild serve` with the demo on a free port and an empty data
 * directory; tests read the address from METABUILD_E2E_URL. Set that variable
 * yourself to run the tests against a server that is already running.
 */
export default async function globalSetup() {
  if (process.env.METABUILD_E2E_URL) return undefined;
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "metabuild-e2e-"));
  let output = "";
  // The compiled server, as production runs it (docs/operations.md "Runtime"):
  // from source, every render worker and SQL executor it starts compiles its
  // TypeScript first, seconds of CPU each on a busy machine.
  const built = spawnSync(process.execPath, [join(root, "scripts/build.mjs"), "--only", "server"], {
    cwd: root,
    stdio: "inherit",
  });
  if (built.status !== 0) throw new Error("the server build (scripts/build.mjs) failed");
  // As node's own child, so stopping it stops the server.
  const server = spawn(process.execPath, [join(root, "apps/server/dist/main.js"), "serve"], {
    cwd: root,
    env: {
      ...process.env,
      HOST: "127.0.0.1",
      PORT: String(port),
      METABUILD_DATA_DIR: dataDir,
      METABUILD_DEMO: "on",
      DATABASE_URL: "",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  // The last 64 KiB for a failed start, and every line saying what failed.
  const failures: string[] = [];
  const keep = (stream: NodeJS.ReadableStream | null) => {
    let partial = "";
    stream?.on("data", (d: Buffer) => {
      output = (output + d).slice(-65_536);
      const lines = (partial + d).split("\n");
      partial = lines.pop() ?? "";
      for (const line of lines) if (/ failed:|"level":(50|60)/.test(line)) failures.push(line);
    });
  };
  keep(server.stdout);
  keep(server.stderr);
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(url, server, () => output);
  } catch (err) {
    server.kill("SIGKILL");
    throw err;
  }
  process.env.METABUILD_E2E_URL = url;

  return async () => {
    await new Promise<void>((done) => {
      server.once("exit", () => done());
      server.kill("SIGTERM");
      setTimeout(() => server.kill("SIGKILL"), 5_000).unref();
    });
    // The server's own account of what failed, next to the tests' output (a
    // 5xx a test saw names its route; this says why).
    if (failures.length > 0)
      console.log(
        `metabuild logged ${failures.length} failures:\n${failures.slice(-30).join("\n")}`,
      );
    rmSync(dataDir, { recursive: true, force: true });
  };
}
