import type { Db } from "./client.ts";
import { isPostgres } from "./store.ts";
import type { StoreKind } from "./store-url.ts";

/**
 * How the store runs metadata SQL (docs/metadata-sql.md "Where it runs"),
 * the one choice the server's metadata service takes from the store.
 */
export interface MetadataSqlPlace {
  /**
   * "executor": a script runs in an executor child process on the store's
   * file, killed at the time limit (SQLite has no interrupt); "reader": in
   * this process, as the store's reader role, with `statement_timeout`
   * (`loadReaderCatalog`, `runReaderScript`, …).
   */
  runner: "executor" | "reader";
  /** The SQL the translator writes for the store (core's `sqlDialectNamed`). */
  dialect: StoreKind;
}

export function metadataSqlOf(db: Db): MetadataSqlPlace {
  return isPostgres(db)
    ? { runner: "reader", dialect: "postgres" }
    : { runner: "executor", dialect: "sqlite" };
}
