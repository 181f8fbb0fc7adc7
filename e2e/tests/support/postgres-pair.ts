import { type ChildProcess, execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { collect, freePort, root, spawnServe, stop, waitFor } from "./child-process.ts";

export interface ServerPair {
  /** Process A: loaded the demo, the one builds are started through. */
  a: string;
  /** Process B: the one the browser uses. */
  b: string;
  log(): string;
  stop(): Promise<void>;
}

const clusterCli = join(root, "packages/db/src/testing/cluster-cli.ts");

function cluster(...args: string[]): string {
  return execFileSync(process.execPath, ["--import", "tsx", clusterCli, ...args], {
    cwd: root,
    encoding: "utf8",
  });
}

/**
 * Two `metabuild serve` processes on one private PostgreSQL database with
 * one shared data folder (docs/scale-out.md "Running N processes"): A loads
 * the demo first, then B joins.
 */
export async function startPostgresPair(): Promise<ServerPair> {
  const { url, dir: clusterDir } = JSON.parse(cluster("start")) as { url: string; dir: string };
  const dataDir = mkdtempSync(join(tmpdir(), "metabuild-pair-"));
  const children: { name: string; child: ChildProcess; log: () => string }[] = [];
  const log = () => children.map((c) => `--- ${c.name} ---\n${c.log()}`).join("\n");
  const stopAll = async () => {
    await Promise.all(children.map((c) => stop(c.child)));
    try {
      cluster("stop", clusterDir);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  };
  const start = async (name: string, demo: boolean) => {
    const port = await freePort();
    const child = spawnServe(port, {
      DATABASE_URL: url,
      METABUILD_DATA_DIR: dataDir,
      METABUILD_DEMO: demo ? "on" : "off",
    });
    children.push({ name, child, log: collect(child) });
    const address = `http://127.0.0.1:${port}`;
    await waitFor(`${address}/health`, child, log, `process ${name}`);
    return address;
  };
  try {
    const a = await start("A", true);
    const b = await start("B", false);
    return { a, b, log, stop: stopAll };
  } catch (err) {
    await stopAll();
    throw err;
  }
}
