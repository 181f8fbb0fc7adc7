import { type PrivatePostgres, startPrivatePostgres } from "@metabuild/db/testing";

/**
 * A private PostgreSQL cluster for a benchmark run (`--store postgres`): the
 * tests' cluster recipe (docs/stores.md "Tests"), one database with byte
 * collation, stopped by `stop()`.
 */
export async function benchPostgres(): Promise<{ url: string; stop(): void }> {
  const cluster: PrivatePostgres = await startPrivatePostgres();
  cluster.sql("CREATE DATABASE bench TEMPLATE template0 LC_COLLATE 'C' LC_CTYPE 'C'");
  const url = new URL(cluster.url);
  url.pathname = "/bench";
  return { url: url.toString(), stop: () => cluster.stop() };
}

/** Runs `script` once per store as a child (`--store X --json-out F`) and answers each run's figures. */
export async function perStore<T>(
  script: string,
  args: string[],
): Promise<{ sqlite: T; postgres: T }> {
  const { spawnSync } = await import("node:child_process");
  const { mkdtempSync, readFileSync, rmSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const { join } = await import("node:path");
  const dir = mkdtempSync(join(tmpdir(), "metabuild-bench-both-"));
  const out = {} as { sqlite: T; postgres: T };
  try {
    for (const store of ["sqlite", "postgres"] as const) {
      const file = join(dir, `${store}.json`);
      const run = spawnSync(
        process.execPath,
        [...process.execArgv, script, ...args, "--store", store, "--json-out", file],
        { stdio: "inherit" },
      );
      if (run.status !== 0) throw new Error(`the ${store} run failed (${run.status})`);
      out[store] = JSON.parse(readFileSync(file, "utf8")) as T;
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return out;
}
