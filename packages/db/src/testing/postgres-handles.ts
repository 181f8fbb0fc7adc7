import { randomBytes } from "node:crypto";
import pg from "pg";
import type { Db } from "../client.ts";
import { pgClientOptions } from "../pg/client.ts";
import { postgresHandle } from "../pg/handle.ts";
import { closeStore } from "../store.ts";
import { TEMPLATE_DATABASE, databaseUrl } from "./shared-cluster.ts";
import { drizzle } from "drizzle-orm/node-postgres";
import * as pgSchema from "../pg/schema/index.ts";
import type { PgDb } from "../pg/client.ts";

// Test stores handed out synchronously (docs/stores.md "Tests"): the
// `postgres` Vitest projects' setup file starts the run's cluster first and
// names it in METABUILD_TEST_PG_CLUSTER; a handle's database is copied from
// the migrated template while its first store call waits (`storeTurn`).

const CLUSTER = "METABUILD_TEST_PG_CLUSTER";

/** The store the tests of this Vitest project run on. */
export function testStoreKind(): "sqlite" | "postgres" {
  return process.env.METABUILD_TEST_STORE === "postgres" ? "postgres" : "sqlite";
}

interface Made {
  db: Db;
  name: string;
}
const made: Made[] = [];

async function onCluster(statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: clusterUrl() });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

function clusterUrl(): string {
  const url = process.env[CLUSTER];
  if (!url)
    throw new Error(
      `no PostgreSQL cluster for this test: the project's setupFiles must include packages/db/src/testing/postgres-setup.ts (${CLUSTER})`,
    );
  return url;
}

/** A fresh, migrated PostgreSQL store, usable at once; dropped after the test file. */
export function freshPostgresHandle(): { db: Db; url: string } {
  const name = `t_${process.pid}_${randomBytes(5).toString("hex")}`;
  const url = databaseUrl(clusterUrl(), name);
  const ready = onCluster(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE}`);
  // Seeds use the builder directly, without storeTurn: connections wait for the copy.
  class AfterCopy extends pg.Client {
    // biome-ignore lint/suspicious/noExplicitAny: pg's connect is overloaded (promise or callback)
    override connect(callback?: any): any {
      if (!callback) return ready.then(() => super.connect());
      ready.then(
        () => super.connect(callback),
        (err: Error) => callback(err),
      );
    }
  }
  const pool = new pg.Pool({
    ...pgClientOptions(url),
    Client: AfterCopy as unknown as typeof pg.Client,
    max: 4,
    idleTimeoutMillis: 500,
    allowExitOnIdle: true,
  });
  pool.on("error", () => {});
  const db = postgresHandle(drizzle({ client: pool, schema: pgSchema }) as PgDb, ready);
  made.push({ db, name });
  return { db, url };
}

/**
 * Closes every store this file made and drops their databases in the
 * background: a drop takes up to a second on a loaded machine, and the next
 * file need not wait for it. What a worker leaves undropped goes with the
 * run's cluster.
 */
export async function dropPostgresHandles(): Promise<void> {
  const all = made.splice(0);
  await Promise.all(all.map(({ db }) => closeStore(db).catch(() => {})));
  void (async () => {
    for (const { name } of all)
      await onCluster(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
  })();
}
