import { asciiUpper } from "@metabuild/contract";
import { isAggregateCall } from "./allow-list.ts";
import type { FromItem, Join, ResultColumn, Select, SelectCore } from "./ast.ts";
import { type Catalog, schemaOf } from "./catalog.ts";
import { SqlError } from "./sql-error.ts";
import { viewSelect } from "./views.ts";

/**
 * SQLite refuses a query whose flattened join has more than 64 tables
 * (`at most 64 tables in a join`) before it runs; PostgreSQL would plan and
 * run it. So that both stores refuse the same statements
 * (docs/metadata-sql.md "Views"), the PostgreSQL translation counts the
 * tables of each SELECT's join with the views in it flattened as SQLite
 * flattens them: a view whose body is one plain join (no DISTINCT,
 * grouping, aggregate, window, ORDER BY, LIMIT or compound, inner joins
 * only) counts its own tables, anything else one.
 */

const MAX_JOIN = 64;

export function checkJoinWidth(root: object, catalog: Catalog): void {
  const widths = new Map<string, number>();
  const viewWidth = (name: string, definition: string): number => {
    const key = asciiUpper(name);
    let width = widths.get(key);
    if (width === undefined) {
      // A cycle is refused by the emitter before this runs; 1 keeps this walk finite.
      widths.set(key, 1);
      const body = viewSelect(name, definition);
      check(body);
      width = flattens(body) ? coreWidth(body.first as SelectCore) : 1;
      widths.set(key, width);
    }
    return width;
  };
  const itemWidth = (item: FromItem): number => {
    if (item.kind === "join") return joinWidth(item.join);
    if (item.kind === "subquery" || item.table.schema === undefined) return 1;
    const schema = schemaOf(item.table.schema, item.table.pos);
    const found = catalog.source(schema, item.table.name);
    return found && "definition" in found ? viewWidth(found.name, found.definition) : 1;
  };
  const joinWidth = (join: Join): number =>
    join.rest.reduce((n, r) => n + itemWidth(r.item), itemWidth(join.first));
  const coreWidth = (core: SelectCore): number => (core.from ? joinWidth(core.from) : 1);

  const check = (node: unknown): void => {
    if (!node || typeof node !== "object") return;
    const core = node as SelectCore;
    if (core.kind === "core" && core.from && joinWidth(core.from) > MAX_JOIN)
      throw new SqlError(`at most ${MAX_JOIN} tables in a join`);
    for (const v of Object.values(node)) if (v && typeof v === "object") check(v);
  };
  check(root);
}

/** Whether SQLite would flatten this view's body into the join that uses it. */
function flattens(s: Select): boolean {
  const core = s.first;
  if (core.kind !== "core" || !core.from) return false;
  if (s.with || s.compounds.length > 0 || s.orderBy.length > 0 || s.limit || s.offset) return false;
  if (core.distinct || core.groupBy.length > 0 || core.having) return false;
  if (core.from.rest.some((r) => r.type !== "INNER" && r.type !== "CROSS" && r.type !== ","))
    return false;
  return !core.columns.some((c) => aggregates(c));
}

function aggregates(column: ResultColumn): boolean {
  if (column.kind !== "expr") return false;
  const stack: unknown[] = [column.expr];
  while (stack.length > 0) {
    const node = stack.pop();
    if (!node || typeof node !== "object") continue;
    const e = node as { kind?: string; over?: unknown };
    // A subquery's aggregates are its own.
    if (e.kind === "select") continue;
    if (e.kind === "call" && (e.over || isAggregateCall(node as never))) return true;
    for (const v of Object.values(node)) if (v && typeof v === "object") stack.push(v);
  }
  return false;
}
