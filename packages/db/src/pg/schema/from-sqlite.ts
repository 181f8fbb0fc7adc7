import { type AnyColumn, type SQL, getTableColumns, is, sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  type IndexBuilder,
  type PgColumnBuilderBase,
  type PgTable,
  type PrimaryKeyBuilder,
  bigint,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import {
  type ForeignKey,
  type SQLiteColumn,
  SQLiteBaseInteger,
  SQLiteTable,
  getTableConfig,
} from "drizzle-orm/sqlite-core";
import * as sqliteSchema from "../../schema/index.ts";
import { isWideInteger } from "../../schema/wide-integer.ts";

// The PostgreSQL tables are derived from the one schema, src/schema/
// (docs/stores.md "One schema, two stores"): same table, column and index
// names, nullability, defaults, keys and delete rules. Only what SQLite
// spells its own way is translated here.

/**
 * SQLite's `now` default (`strftime('%Y-%m-%dT%H:%M:%fZ','now')`, fixed for
 * one statement): the same text to the millisecond, in UTC, from the
 * statement's start.
 */
export const now = sql`to_char(statement_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

type Schema = typeof sqliteSchema;
/** The export names of the schema's tables. */
export type TableName = {
  [K in keyof Schema]: Schema[K] extends SQLiteTable ? K : never;
}[keyof Schema];
export type PostgresTables = Record<TableName, PgTable>;

const twins = new Map<SQLiteTable, PgTable>();

function keyOf(table: SQLiteTable, column: AnyColumn | SQL): string {
  const key = Object.entries(getTableColumns(table)).find(([, c]) => c === column)?.[0];
  if (key === undefined) throw new Error(`${table._.name}: an index or key names no column`);
  return key;
}

/** The PostgreSQL column standing for a SQLite column (read when a foreign key is resolved). */
function twinOf(column: SQLiteColumn): AnyPgColumn {
  const twin = twins.get(column.table);
  const found = twin && getTableColumns(twin)[keyOf(column.table, column)];
  if (!found) throw new Error(`${column.table._.name}.${column.name} has no PostgreSQL twin`);
  return found as AnyPgColumn;
}

/** The steps the derivation takes on a PostgreSQL column builder, whatever its type. */
interface ColumnSteps extends PgColumnBuilderBase {
  primaryKey(): unknown;
  notNull(): unknown;
  default(value: unknown): unknown;
  unique(name?: string): unknown;
  references(
    target: () => AnyPgColumn,
    actions: Pick<ForeignKey, "onDelete" | "onUpdate">,
  ): unknown;
}

function typed(column: SQLiteColumn): ColumnSteps {
  if (column.columnType === "SQLiteText") return text(column.name);
  if (column.columnType !== "SQLiteInteger")
    throw new Error(`${column.name}: no PostgreSQL form for ${column.columnType}`);
  // 64-bit integers (epoch milliseconds, byte sizes) overflow a 4-byte integer.
  if (isWideInteger(column)) return bigint(column.name, { mode: "number" });
  const builder = integer(column.name);
  // `integer primary key autoincrement`: explicit ids (imports, restores) are
  // taken as given; continueIdsAfterExisting moves the sequence past them.
  if (is(column, SQLiteBaseInteger) && column.autoIncrement)
    return builder.primaryKey().generatedByDefaultAsIdentity();
  return builder;
}

function postgresColumn(column: SQLiteColumn, foreignKey: ForeignKey | undefined) {
  const builder = typed(column);
  if (column.primary) builder.primaryKey();
  if (column.notNull) builder.notNull();
  // SQLite marks an `integer primary key` as having a default (the rowid): no value to copy.
  if (column.default !== undefined)
    builder.default(column.default === sqliteSchema.now ? now : column.default);
  if (column.isUnique) builder.unique(column.uniqueName);
  if (foreignKey) {
    const target = foreignKey.reference().foreignColumns[0] as SQLiteColumn;
    builder.references(() => twinOf(target), {
      onDelete: foreignKey.onDelete,
      onUpdate: foreignKey.onUpdate,
    });
  }
  return builder;
}

function postgresTable(table: SQLiteTable): PgTable {
  const config = getTableConfig(table);
  const foreignKeyOf = (column: SQLiteColumn) =>
    config.foreignKeys.find((fk) => fk.reference().columns[0] === column);
  const columns: Record<string, PgColumnBuilderBase> = {};
  for (const [key, column] of Object.entries(getTableColumns(table)))
    columns[key] = postgresColumn(column, foreignKeyOf(column));
  return pgTable(config.name, columns, (t) => {
    const column = (c: AnyColumn | SQL) => t[keyOf(table, c)] as AnyPgColumn;
    const extra: (IndexBuilder | PrimaryKeyBuilder)[] = [];
    for (const { config: ix } of config.indexes) {
      const [head, ...rest] = ix.columns.map(column);
      if (!head || ix.where) throw new Error(`${ix.name}: no PostgreSQL form`);
      extra.push((ix.unique ? uniqueIndex : index)(ix.name).on(head, ...rest));
    }
    for (const key of config.primaryKeys) {
      const [head, ...rest] = key.columns.map(column);
      if (!head) throw new Error(`${config.name}: an empty primary key`);
      extra.push(primaryKey({ name: key.name, columns: [head, ...rest] }));
    }
    return extra;
  });
}

/** Every table of src/schema/, as a PostgreSQL table, under the same export name. */
export function postgresTables(): PostgresTables {
  const tables: Partial<PostgresTables> = {};
  for (const [name, value] of Object.entries(sqliteSchema)) {
    if (!is(value, SQLiteTable)) continue;
    const twin = postgresTable(value);
    twins.set(value, twin);
    tables[name as TableName] = twin;
  }
  return tables as PostgresTables;
}
