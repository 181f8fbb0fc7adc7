import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { closePostgres, openPostgres } from "../pg/client.ts";
import { startPrivatePostgres, stopPrivatePostgresAt } from "./private-postgres.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** Where the run's PostgreSQL cluster is announced (docs/stores.md "Tests"). */
    metabuildPostgresRun: string;
  }
}

/**
 * The one cluster of a vitest run (docs/stores.md "Tests"). The global setup
 * gives every worker a folder; the first test that asks for a PostgreSQL
 * store starts the cluster and migrates the template, writing what it got
 * (or why it failed) there; the others wait for that. A run that never asks
 * starts nothing.
 */
export const TEMPLATE_DATABASE = "metabuild_template";

export interface SharedCluster {
  /** The cluster's `postgres` database (to create and drop databases). */
  url: string;
  /** The folder of the cluster itself, for stopping it. */
  clusterDir: string;
}

const STATE = "cluster.json";
const FAILURE = "failure.txt";
const WAIT_MS = 120_000;

/** A database of the cluster, by name. */
export function databaseUrl(clusterUrl: string, database: string): string {
  const url = new URL(clusterUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

function writeAtomically(file: string, text: string): void {
  writeFileSync(`${file}.tmp`, text);
  renameSync(`${file}.tmp`, file);
}

async function startAndMigrate(runDir: string): Promise<SharedCluster> {
  const started = performance.now();
  const cluster = await startPrivatePostgres();
  const state: SharedCluster = { url: cluster.url, clusterDir: cluster.dir };
  try {
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
    await admin.end();
    // Closed before any copy: CREATE DATABASE … TEMPLATE refuses a template in use.
    await closePostgres(await openPostgres(databaseUrl(cluster.url, TEMPLATE_DATABASE)));
  } catch (err) {
    cluster.stop();
    throw err;
  }
  // Kept for docs/stores.md's figures; cheap enough to leave in.
  writeFileSync(join(runDir, "started-ms"), String(Math.round(performance.now() - started)));
  writeAtomically(join(runDir, STATE), JSON.stringify(state));
  return state;
}

/** The run's cluster, started by the first caller of any worker; throws why it could not start. */
export async function sharedCluster(runDir: string): Promise<SharedCluster> {
  let first = false;
  try {
    mkdirSync(join(runDir, "lock"));
    first = true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
  }
  if (first) {
    try {
      return await startAndMigrate(runDir);
    } catch (err) {
      writeAtomically(join(runDir, FAILURE), (err as Error).message);
      throw err;
    }
  }
  const deadline = Date.now() + WAIT_MS;
  while (Date.now() < deadline) {
    try {
      return JSON.parse(readFileSync(join(runDir, STATE), "utf8")) as SharedCluster;
    } catch {}
    try {
      throw new Error(readFileSync(join(runDir, FAILURE), "utf8"));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
    }
    await sleep(50);
  }
  throw new Error(`the test PostgreSQL cluster did not start within ${WAIT_MS / 1000} s`);
}

/** Stops the run's cluster if a test started one (global teardown). */
export function stopSharedCluster(runDir: string): void {
  let state: SharedCluster;
  try {
    state = JSON.parse(readFileSync(join(runDir, STATE), "utf8")) as SharedCluster;
  } catch {
    return;
  }
  stopPrivatePostgresAt(state.clusterDir);
}
