import { type CustomColumn, type SqlValue, findByName } from "@metabuild/contract";
import {
  SqlError,
  type Translation,
  type WriteLimits,
  checkLength,
  coerceCustomValue,
  qualifiedName,
} from "@metabuild/core";
import {
  type CustomTable,
  type Db,
  type MetadataScope,
  createCustomTable,
  deleteCustomRows,
  dropCustomTable,
  insertCustomRows,
  customTablesOf,
  updateCustomRows,
} from "@metabuild/db";
import { nameTaken, refuseDependants, refuseTakenName, viewNamed } from "./views.ts";

type EmittedRows = (query: { sql: string; params: SqlValue[] }) => Promise<unknown[][]>;
type CustomWrite = Exclude<Translation, { kind: "select" | "create_view" | "drop_view" }>;

export interface WriteResult {
  columns: string[];
  rows: unknown[][];
  truncated: boolean;
}

const NOTHING: WriteResult = { columns: [], rows: [], truncated: false };

function affected(n: number): WriteResult {
  return { columns: ["affected_rows"], rows: [[n]], truncated: false };
}

async function tableNamed(
  db: Db,
  scope: MetadataScope,
  name: string,
): Promise<CustomTable | undefined> {
  return findByName(await customTablesOf(db, scope.projectId), name, (t) => t.name);
}

async function existing(db: Db, scope: MetadataScope, name: string): Promise<CustomTable> {
  const table = await tableNamed(db, scope, name);
  if (!table) throw new SqlError(`Unknown table '${qualifiedName("TABLES", name)}'`);
  return table;
}

/**
 * Values in the order of `names`, each kept the way its column keeps values;
 * text within the value limit (docs/limits.md). `row` is 1-based.
 */
function cells(
  table: CustomTable,
  names: string[],
  values: unknown[],
  limits: WriteLimits,
  row: number,
): Record<string, SqlValue> {
  const out: Record<string, SqlValue> = {};
  names.forEach((name, k) => {
    const column = table.columns.find((c) => c.name === name) as CustomColumn;
    const value = coerceCustomValue(column, values[k]);
    if (typeof value === "string") checkLength(value, limits.valueLength, name, `Row ${row}`);
    out[name] = value;
  });
  return out;
}

/**
 * CREATE/DROP TABLE and INSERT/UPDATE/DELETE on @TABLES. The rows to write
 * come from the statement's own SELECT (`rowsOf`); the store then applies
 * them through its fixed statements.
 */
export async function writeCustomTable(
  db: Db,
  t: CustomWrite,
  job: { scope: MetadataScope; limits: WriteLimits },
  rowsOf: EmittedRows,
): Promise<WriteResult> {
  const { scope, limits } = job;
  switch (t.kind) {
    case "create_table": {
      // Views share the tables' names (docs/metadata-sql.md "Views").
      if (t.ifNotExists && (await nameTaken(db, scope, t.name))) return NOTHING;
      await refuseTakenName(db, scope, t.name);
      await createCustomTable(db, scope.projectId, t.name, t.columns);
      return NOTHING;
    }
    case "drop_table": {
      const found = await tableNamed(db, scope, t.name);
      if (!found) {
        const view = await viewNamed(db, scope, t.name);
        if (view)
          throw new SqlError(`'${qualifiedName("TABLES", view.name)}' is a view: use DROP VIEW`);
        if (t.ifExists) return NOTHING;
        throw new SqlError(`Unknown table '${qualifiedName("TABLES", t.name)}'`);
      }
      await refuseDependants(db, scope, found.name);
      await dropCustomTable(db, found.id);
      return NOTHING;
    }
    case "insert": {
      const table = await existing(db, scope, t.target.name);
      const rows = await rowsOf(t.rows);
      checkWidth(rows, t.columns.length, qualifiedName("TABLES", table.name));
      // Columns left out are NULL.
      const all = table.columns.map((c) => c.name);
      const values = rows.map((r, i) =>
        cells(
          table,
          all,
          all.map((name) => {
            const k = t.columns.indexOf(name);
            return k < 0 ? null : r[k];
          }),
          limits,
          i + 1,
        ),
      );
      return affected(await insertCustomRows(db, table.id, values));
    }
    case "update": {
      const table = await existing(db, scope, t.target.name);
      const updates = (await rowsOf(t.rows)).map((r, i) => ({
        id: Number(r[0]),
        values: cells(table, t.columns, r.slice(1), limits, i + 1),
      }));
      return affected(await updateCustomRows(db, table.id, updates));
    }
    case "delete": {
      const table = await existing(db, scope, t.target.name);
      return affected(
        await deleteCustomRows(
          db,
          table.id,
          (await rowsOf(t.rows)).map((r) => Number(r[0])),
        ),
      );
    }
  }
}

export function checkWidth(rows: unknown[][], width: number, target: string): void {
  const bad = rows.find((r) => r.length !== width);
  if (bad)
    throw new SqlError(
      `INSERT into ${target} names ${width} columns but the query gives ${bad.length} values per row`,
    );
}
