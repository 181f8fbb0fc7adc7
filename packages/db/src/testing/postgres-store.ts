import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";
import { type PgDb, closePostgres, openPostgres } from "../pg/client.ts";
import { TEMPLATE_DATABASE, databaseUrl, sharedCluster } from "./shared-cluster.ts";

export interface TestPostgresStore {
  /** The fresh database's URL (trust authentication, no password). */
  url: string;
  db: PgDb;
  /** Closes the pool and drops the database. */
  close(): Promise<void>;
}

async function onCluster(clusterUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: clusterUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/**
 * A fresh, migrated PostgreSQL database of the run's cluster: a copy of the
 * template the first caller migrated (docs/stores.md "Tests"). Needs
 * `postgres-global-setup.ts` in the project's globalSetup.
 */
export async function testPostgresStore(
  options: { migrated?: boolean } = {},
): Promise<TestPostgresStore> {
  const runDir = inject("metabuildPostgresRun");
  if (!runDir)
    throw new Error(
      "no PostgreSQL for this test: add packages/db/src/testing/postgres-global-setup.ts to the project's globalSetup",
    );
  const cluster = await sharedCluster(runDir);
  const name = `test_${process.pid}_${randomBytes(4).toString("hex")}`;
  // `migrated: false`: an empty database, for tests of migrating itself.
  const template = options.migrated === false ? "template0" : TEMPLATE_DATABASE;
  await onCluster(cluster.url, `CREATE DATABASE ${name} TEMPLATE ${template}`);
  const url = databaseUrl(cluster.url, name);
  const db = await openPostgres(url, { migrate: false, maxConnections: 4 });
  return {
    url,
    db,
    async close() {
      await closePostgres(db);
      await onCluster(cluster.url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
