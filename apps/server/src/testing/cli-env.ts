import { storeTurn } from "@metabuild/db";
import { freshPostgresHandle, testStoreKind } from "@metabuild/db/testing";

/**
 * The environment a CLI test runs `metabuild` with: METABUILD_DATA_DIR, and
 * in the `server-postgres` project a DATABASE_URL of a fresh migrated
 * PostgreSQL database (dropped after the file), so the same test runs on
 * both stores (docs/stores.md "Tests on both stores").
 */
export async function cliTestEnv(dataDir: string): Promise<Record<string, string>> {
  if (testStoreKind() !== "postgres") return { METABUILD_DATA_DIR: dataDir };
  const { db, url } = freshPostgresHandle();
  await storeTurn(db); // the database is copied from the template first
  return { METABUILD_DATA_DIR: dataDir, DATABASE_URL: url };
}
