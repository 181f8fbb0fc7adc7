import type { Catalog } from "@metabuild/contract/agent-protocol";
import pg from "pg";

// Relations harvested: tables, partitioned tables, views, materialized views, foreign tables.
const KINDS = "c.relkind IN ('r', 'p', 'v', 'm', 'f')";
// The given schemas, or every schema but PostgreSQL's own.
const SCHEMAS =
  "(CASE WHEN $1::text[] IS NULL THEN n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%' ELSE n.nspname = ANY($1::text[]) END)";

const TABLES = `
SELECT n.nspname AS schema, c.relname AS name,
  CASE WHEN c.relkind IN ('v', 'm') THEN 'VIEW' ELSE 'TABLE' END AS type,
  obj_description(c.oid, 'pg_class') AS comment
FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
WHERE ${KINDS} AND ${SCHEMAS}
ORDER BY 1, 2`;

// Length: the declared length of character types, the precision of numeric; scale: numeric's
// scale (11 bits, signed since PostgreSQL 15).
const COLUMNS = `
SELECT n.nspname AS schema, c.relname AS "table", a.attname AS name,
  (row_number() OVER (PARTITION BY c.oid ORDER BY a.attnum))::int AS position,
  format_type(a.atttypid, NULL) AS type,
  CASE WHEN a.atttypmod > 4 AND t.typcategory = 'S' THEN a.atttypmod - 4
       WHEN a.atttypmod > 4 AND a.atttypid = 'numeric'::regtype THEN ((a.atttypmod - 4) >> 16) & 65535
       ELSE NULL END AS length,
  CASE WHEN a.atttypmod > 4 AND a.atttypid = 'numeric'::regtype
       THEN ((((a.atttypmod - 4) & 2047) # 1024) - 1024)
       ELSE NULL END AS scale,
  NOT a.attnotnull AS nullable,
  col_description(c.oid, a.attnum) AS comment
FROM pg_attribute a
JOIN pg_class c ON c.oid = a.attrelid
JOIN pg_namespace n ON n.oid = c.relnamespace
JOIN pg_type t ON t.oid = a.atttypid
WHERE a.attnum > 0 AND NOT a.attisdropped AND ${KINDS} AND ${SCHEMAS}
ORDER BY 1, 2, 4`;

const KEYS = `
SELECT n.nspname AS schema, c.relname AS "table", con.conname AS name, a.attname AS "column",
  k.ord::int AS position
FROM pg_constraint con
JOIN pg_class c ON c.oid = con.conrelid
JOIN pg_namespace n ON n.oid = c.relnamespace
CROSS JOIN LATERAL unnest(con.conkey) WITH ORDINALITY AS k(attnum, ord)
JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = k.attnum
WHERE con.contype = 'p' AND ${SCHEMAS}
ORDER BY 1, 2, 5`;

const FOREIGN_KEYS = `
SELECT n.nspname AS schema, c.relname AS "table", con.conname AS name, a.attname AS "column",
  k.ord::int AS position, rn.nspname AS referenced_schema, rc.relname AS referenced_table,
  ra.attname AS referenced_column
FROM pg_constraint con
JOIN pg_class c ON c.oid = con.conrelid
JOIN pg_namespace n ON n.oid = c.relnamespace
JOIN pg_class rc ON rc.oid = con.confrelid
JOIN pg_namespace rn ON rn.oid = rc.relnamespace
CROSS JOIN LATERAL unnest(con.conkey, con.confkey) WITH ORDINALITY AS k(attnum, refnum, ord)
JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = k.attnum
JOIN pg_attribute ra ON ra.attrelid = rc.oid AND ra.attnum = k.refnum
WHERE con.contype = 'f' AND ${SCHEMAS}
ORDER BY 1, 2, 3, 5`;

/**
 * Reads a PostgreSQL database's catalog from pg_catalog in one read-only
 * transaction (one consistent snapshot; a harvest never writes the source).
 */
export async function readPostgresCatalog(
  url: string,
  schemas: string[] | undefined,
  signal?: AbortSignal,
): Promise<Catalog> {
  signal?.throwIfAborted();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const abort = () => void client.end();
  signal?.addEventListener("abort", abort, { once: true });
  try {
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    const params = [schemas ?? null];
    const tables = (await client.query(TABLES, params)).rows;
    const columns = (await client.query(COLUMNS, params)).rows;
    const keys = (await client.query(KEYS, params)).rows;
    const foreign_keys = (await client.query(FOREIGN_KEYS, params)).rows;
    await client.query("COMMIT");
    return { tables, columns, keys, foreign_keys };
  } finally {
    signal?.removeEventListener("abort", abort);
    if (!signal?.aborted) await client.end().catch(() => {});
  }
}
