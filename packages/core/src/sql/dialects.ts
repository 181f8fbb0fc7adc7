import { SQLITE, type SqlDialect } from "./dialect.ts";
import { POSTGRES } from "./dialect-postgres.ts";

/**
 * The translator's dialect by name: the store says which SQL it speaks
 * (packages/db `metadataSqlOf`), so the server names none (docs/stores.md
 * "One port, two adapters").
 */
export function sqlDialectNamed(name: SqlDialect["name"]): SqlDialect {
  return name === POSTGRES.name ? POSTGRES : SQLITE;
}
