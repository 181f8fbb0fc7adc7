import type { Db } from "../client.ts";
import type { PgDb } from "./client.ts";

/**
 * A store's schema in words both stores share, to compare them
 * (schema-parity.test.ts, docs/stores.md): types by family, defaults by
 * meaning, foreign keys by target and delete rule, indexes by name.
 */
export interface ColumnShape {
  type: "integer" | "text" | string;
  notNull: boolean;
  /** `identity`, `now`, `int:0`, `text:BUILDING`, or null for none. */
  default: string | null;
}

export interface TableShape {
  columns: Record<string, ColumnShape>;
  primaryKey: string[];
  /** `column -> table(column) on delete rule`, sorted. */
  foreignKeys: string[];
  /** Every index but the primary key's: `name: unique? (columns)`, sorted. */
  indexes: string[];
}

export type SchemaShape = Record<string, TableShape>;

const MIGRATIONS_TABLE = "__drizzle_migrations";

function sqliteDefault(raw: string | null): string | null {
  if (raw === null) return null;
  if (/strftime\('%Y-%m-%dT%H:%M:%fZ', ?'now'\)/.test(raw)) return "now";
  if (/^-?\d+$/.test(raw)) return `int:${raw}`;
  const text = /^'(.*)'$/s.exec(raw);
  if (text) return `text:${(text[1] as string).replace(/''/g, "'")}`;
  return `other:${raw}`;
}

function postgresDefault(raw: string | null): string | null {
  if (raw === null) return null;
  if (raw.includes("statement_timestamp()")) return "now";
  if (/^-?\d+$/.test(raw)) return `int:${raw}`;
  const text = /^'(.*)'::text$/s.exec(raw);
  if (text) return `text:${(text[1] as string).replace(/''/g, "'")}`;
  return `other:${raw}`;
}

const family = (type: string) =>
  ({ integer: "integer", bigint: "integer", int: "integer", text: "text" })[type.toLowerCase()] ??
  type.toLowerCase();

const DELETE_RULES: Record<string, string> = {
  a: "no action",
  r: "restrict",
  c: "cascade",
  n: "set null",
  d: "set default",
};

export function sqliteShape(db: Db): SchemaShape {
  const sqlite = db.$client;
  const shape: SchemaShape = {};
  const tables = sqlite
    .prepare(
      "select name, sql from sqlite_master where type = 'table' and name not like 'sqlite_%' and name != ?",
    )
    .all(MIGRATIONS_TABLE) as { name: string; sql: string }[];
  for (const { name, sql } of tables) {
    const columns: Record<string, ColumnShape> = {};
    const pk: { name: string; pk: number }[] = [];
    for (const c of sqlite.pragma(`table_info("${name}")`) as {
      name: string;
      type: string;
      notnull: number;
      dflt_value: string | null;
      pk: number;
    }[]) {
      // `integer primary key autoincrement` is SQLite's identity column.
      const identity = c.pk === 1 && /AUTOINCREMENT/i.test(sql) && family(c.type) === "integer";
      columns[c.name] = {
        type: family(c.type),
        notNull: c.notnull === 1 || c.pk > 0,
        default: identity ? "identity" : sqliteDefault(c.dflt_value),
      };
      if (c.pk > 0) pk.push(c);
    }
    const foreignKeys = (
      sqlite.pragma(`foreign_key_list("${name}")`) as {
        table: string;
        from: string;
        to: string;
        on_delete: string;
      }[]
    ).map((f) => `${f.from} -> ${f.table}(${f.to}) on delete ${f.on_delete.toLowerCase()}`);
    const indexes = (
      sqlite.pragma(`index_list("${name}")`) as {
        name: string;
        unique: number;
        origin: string;
        partial: number;
      }[]
    )
      .filter((i) => i.origin !== "pk")
      .map((i) => {
        const cols = (sqlite.pragma(`index_info("${i.name}")`) as { name: string | null }[]).map(
          (c) => c.name ?? "<expression>",
        );
        const where = i.partial ? " partial" : "";
        return `${i.name}: ${i.unique ? "unique " : ""}(${cols.join(", ")})${where}`;
      });
    shape[name] = {
      columns,
      primaryKey: pk.sort((a, b) => a.pk - b.pk).map((c) => c.name),
      foreignKeys: foreignKeys.sort(),
      indexes: indexes.sort(),
    };
  }
  return shape;
}

export async function postgresShape(db: PgDb): Promise<SchemaShape> {
  const q = async <T>(text: string) => (await db.$client.query(text)).rows as T[];
  const shape: SchemaShape = {};
  const tables = await q<{ name: string }>(
    `select table_name as name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE'`,
  );
  for (const { name } of tables)
    shape[name] = { columns: {}, primaryKey: [], foreignKeys: [], indexes: [] };
  const columns = await q<{
    table_name: string;
    column_name: string;
    data_type: string;
    is_nullable: string;
    column_default: string | null;
    is_identity: string;
  }>(
    `select table_name, column_name, data_type, is_nullable, column_default, is_identity
       from information_schema.columns where table_schema = current_schema()`,
  );
  for (const c of columns) {
    const table = shape[c.table_name];
    if (!table) continue;
    table.columns[c.column_name] = {
      type: family(c.data_type),
      notNull: c.is_nullable === "NO",
      default: c.is_identity === "YES" ? "identity" : postgresDefault(c.column_default),
    };
  }
  // Constraint columns in their declared order.
  const constraints = await q<{
    table: string;
    type: string;
    columns: string[];
    target: string | null;
    target_columns: string[] | null;
    on_delete: string;
  }>(
    `select t.relname as table, c.contype::text as type,
            array(select a.attname::text from unnest(c.conkey) with ordinality k(n, o)
                  join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n order by k.o) as columns,
            f.relname as target,
            array(select a.attname::text from unnest(c.confkey) with ordinality k(n, o)
                  join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.n order by k.o) as target_columns,
            c.confdeltype as on_delete
       from pg_constraint c join pg_class t on t.oid = c.conrelid
       join pg_namespace s on s.oid = t.relnamespace
       left join pg_class f on f.oid = c.confrelid
      where s.nspname = current_schema() and c.contype in ('p', 'f')`,
  );
  for (const c of constraints) {
    const table = shape[c.table];
    if (!table) continue;
    if (c.type === "p") table.primaryKey = c.columns;
    else
      table.foreignKeys.push(
        `${c.columns.join(", ")} -> ${c.target}(${(c.target_columns ?? []).join(", ")}) on delete ${DELETE_RULES[c.on_delete]}`,
      );
  }
  const indexes = await q<{
    table: string;
    name: string;
    unique: boolean;
    columns: (string | null)[];
    partial: boolean;
  }>(
    `select t.relname as table, i.relname as name, x.indisunique as unique,
            array(select a.attname::text from unnest(x.indkey) with ordinality k(n, o)
                  left join pg_attribute a on a.attrelid = x.indrelid and a.attnum = k.n order by k.o) as columns,
            x.indpred is not null as partial
       from pg_index x join pg_class i on i.oid = x.indexrelid
       join pg_class t on t.oid = x.indrelid join pg_namespace s on s.oid = t.relnamespace
      where s.nspname = current_schema() and not x.indisprimary`,
  );
  for (const i of indexes) {
    const table = shape[i.table];
    if (!table) continue;
    const cols = i.columns.map((c) => c ?? "<expression>").join(", ");
    table.indexes.push(
      `${i.name}: ${i.unique ? "unique " : ""}(${cols})${i.partial ? " partial" : ""}`,
    );
  }
  for (const table of Object.values(shape)) {
    table.foreignKeys.sort();
    table.indexes.sort();
  }
  return shape;
}
