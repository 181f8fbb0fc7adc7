import { asciiUpper } from "@metabuild/contract";
import type { Select } from "./ast.ts";
import { type Catalog, qualifiedName, schemaOf } from "./catalog.ts";
import { SqlError } from "./sql-error.ts";
import { viewSelect } from "./views.ts";

/**
 * A statement's expanded size (docs/metadata-sql.md "Views"): the emitter
 * writes each view once, as a WITH query, but SQLite (and PostgreSQL's
 * planner) expands every reference to it again, so a nest of views each
 * reading the one below eight times costs 8^depth: six levels took the
 * server gigabytes to prepare. The size counts what the store expands:
 * every SELECT (or VALUES) and every table it reads, a view or WITH query
 * counted as its own expanded size at each reference.
 */

/**
 * The bound unless the server says otherwise (METABUILD_SQL_VIEW_MAX_EXPANDED).
 * 1000 because the embedded SQLite (3.54 on) refuses a statement that opens
 * 1000 cursors ("VIEWs and/or subqueries nested too deep"): one number that
 * holds on both stores (docs/metadata-sql.md "Views").
 */
export const DEFAULT_VIEW_MAX_EXPANDED = 1000;

// Sizes saturate here: a nest of views can count past what a double holds exactly.
const CAP = Number.MAX_SAFE_INTEGER;

/** The expanded size of a statement and of each view it reaches (by label). */
export function expandedSize(
  root: object,
  catalog: Catalog,
): { total: number; views: Map<string, number> } {
  const views = new Map<string, number>();
  const memo = new Map<string, number>();
  const scopes: Map<string, number>[] = [];
  // The views among @TABLES names, looked up once each (null: a table or nothing).
  const sources = new Map<string, { name: string; definition: string } | null>();

  const viewSize = (name: string, definition: string): number => {
    const key = asciiUpper(name);
    let size = memo.get(key);
    if (size === undefined) {
      // A cycle is refused by the emitter before this runs; 1 keeps this walk finite.
      memo.set(key, 1);
      const outer = scopes.splice(0);
      size = walk(viewSelect(name, definition));
      scopes.push(...outer);
      memo.set(key, size);
      views.set(qualifiedName("TABLES", name), size);
    }
    return size;
  };

  const tableSize = (table: { schema?: string; name: string }): number => {
    if (table.schema === undefined) {
      const key = asciiUpper(table.name);
      for (let k = scopes.length - 1; k >= 0; k--) {
        const size = scopes[k].get(key);
        if (size !== undefined) return size;
      }
      return 1;
    }
    let schema: ReturnType<typeof schemaOf>;
    try {
      schema = schemaOf(table.schema);
    } catch {
      return 1;
    }
    // Only @TABLES holds views; the others are one table each.
    if (schema !== "TABLES") return 1;
    const key = asciiUpper(table.name);
    let found = sources.get(key);
    if (found === undefined) {
      const source = catalog.source(schema, table.name);
      found = source && "definition" in source ? source : null;
      sources.set(key, found);
    }
    return found ? viewSize(found.name, found.definition) : 1;
  };

  const selectSize = (s: Select): number => {
    const scope = new Map<string, number>();
    if (s.with) scopes.push(scope);
    try {
      let size = 0;
      for (const cte of s.with?.ctes ?? []) {
        // A recursive reference to itself counts once.
        scope.set(asciiUpper(cte.name), 1);
        const own = walk(cte.select);
        scope.set(asciiUpper(cte.name), own);
        // The WITH query is planned once even when nothing reads it.
        size = add(size, own);
      }
      for (const part of [s.first, s.compounds, s.orderBy, s.limit, s.offset])
        size = add(size, walk(part));
      return size;
    } finally {
      if (s.with) scopes.pop();
    }
  };

  const walk = (node: unknown): number => {
    if (!node || typeof node !== "object") return 0;
    const n = node as { kind?: string; table?: { schema?: string; name: string } };
    if (n.kind === "select" && "first" in n) return selectSize(node as Select);
    if (n.kind === "table" && n.table) return tableSize(n.table);
    let size = n.kind === "core" || n.kind === "values" ? 1 : 0;
    for (const v of Object.values(node)) if (v && typeof v === "object") size = add(size, walk(v));
    return size;
  };

  return { total: walk(root), views };
}

function add(a: number, b: number): number {
  return Math.min(CAP, a + b);
}

/**
 * Refuses a statement whose expansion exceeds `max`, naming the largest view
 * over it (the view being created, for CREATE VIEW), else the statement.
 */
export function checkExpandedSize(
  root: object,
  catalog: Catalog,
  max: number,
  creating?: string,
): void {
  const { total, views } = expandedSize(root, catalog);
  if (total <= max) return;
  const limit = `the limit of ${max} (METABUILD_SQL_VIEW_MAX_EXPANDED)`;
  if (creating)
    throw new SqlError(
      `View '${qualifiedName("TABLES", creating)}' expands to ${total} tables and queries, more than ${limit}: read fewer or smaller views`,
    );
  const [label, size] = [...views].reduce<[string, number]>(
    (big, v) => (v[1] > big[1] ? v : big),
    ["", 0],
  );
  if (size > max)
    throw new SqlError(
      `View '${label}' expands to ${size} tables and queries, more than ${limit}; drop it or create it again over fewer or smaller views`,
    );
  throw new SqlError(
    `The statement expands to ${total} tables and queries with its views and WITH queries, more than ${limit}`,
  );
}
