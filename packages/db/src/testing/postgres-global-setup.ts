import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { stopSharedCluster } from "./shared-cluster.ts";

interface Run {
  dir: string;
  projects: number;
}

// Every project of the run that lists this setup shares one cluster: the
// setups run in the one main process, so a global counts them.
const KEY = Symbol.for("metabuild.test-postgres-run");
const shared = globalThis as { [KEY]?: Run };

/**
 * Vitest globalSetup (packages/db and apps/server list it): one PostgreSQL
 * cluster per run, started when a test first asks for a store
 * (`testPostgresStore`), stopped at the end of the run.
 */
export default function setup(project: TestProject): () => void {
  let run = shared[KEY];
  if (!run) {
    const created = { dir: mkdtempSync(join(tmpdir(), "metabuild-pg-run-")), projects: 0 };
    run = created;
    // A run filtered to some projects may set up a project whose teardown never
    // comes: the cluster is stopped when the run's process ends in any case.
    process.once("exit", () => stopRun(created));
  }
  shared[KEY] = run;
  run.projects++;
  project.provide("metabuildPostgresRun", run.dir);
  const mine = run;
  return () => {
    if (--mine.projects > 0) return;
    stopRun(mine);
  };
}

function stopRun(run: Run): void {
  if (shared[KEY] === run) delete shared[KEY];
  try {
    stopSharedCluster(run.dir);
  } finally {
    rmSync(run.dir, { recursive: true, force: true });
  }
}
