import type { SchemaName, SqlValue } from "./catalog.ts";

// What the emitters work on and hand back (docs/metadata-sql.md).

/** A FROM item in scope: what `@INSTANCES.HUB.col` and `t.*` resolve against. */
export interface ScopeItem {
  schema?: SchemaName;
  name: string;
  alias: string;
  /** A catalog source's typed columns (WITH queries and subqueries have none known). */
  columns?: readonly { name: string; type: string }[];
}

export interface EmittedQuery {
  sql: string;
  params: SqlValue[];
  /** PostgreSQL: result names as emitted (folded) → as the dialect names them. */
  names?: Record<string, string>;
}
