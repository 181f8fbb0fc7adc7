import type { Select, Statement } from "./ast.ts";
import { qualifiedName, schemaOf } from "./catalog.ts";
import { parseScript } from "./parser.ts";
import { type SourcePos, SqlError } from "./sql-error.ts";
import { asciiUpper } from "./token-stream.ts";

/**
 * Views of @TABLES (docs/metadata-sql.md "Views"): stored as the dialect text
 * of their SELECT and expanded by the emitter on every use.
 */

/** Views over views nest at most this deep unless the server says otherwise (METABUILD_SQL_VIEW_DEPTH). */
export const DEFAULT_VIEW_DEPTH = 16;

/** A view's refusal: its message names the view; the position is in the view's own text. */
export class ViewError extends SqlError {}

/** The SELECT a stored view holds, or a ViewError naming it. */
export function viewSelect(name: string, definition: string): Select {
  const label = qualifiedName("TABLES", name);
  let statements: Statement[];
  try {
    statements = parseScript(definition).map((s) => s.statement);
  } catch (e) {
    throw new ViewError(`View '${label}': ${e instanceof Error ? e.message : String(e)}`);
  }
  if (statements.length !== 1 || statements[0].kind !== "select")
    throw new ViewError(`View '${label}' is not a single SELECT; drop it and create it again`);
  return statements[0];
}

/** The @TABLES names a syntax tree reads (FROM items anywhere in it), as written. */
export function tablesRead(root: object): { name: string; pos: SourcePos }[] {
  const out: { name: string; pos: SourcePos }[] = [];
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (!node || typeof node !== "object") continue;
    const item = node as { kind?: string; table?: { schema?: string; name: string; pos: never } };
    if (item.kind === "table" && item.table?.schema !== undefined) {
      try {
        if (schemaOf(item.table.schema) === "TABLES") out.push(item.table);
      } catch {
        // An unknown schema reads nothing of @TABLES.
      }
    }
    for (const v of Object.values(node)) if (v && typeof v === "object") stack.push(v);
  }
  return out;
}

/** Whether a stored view's text reads @TABLES.<name>; a view that does not parse reads nothing. */
export function viewReads(definition: string, name: string): boolean {
  let statements: Statement[];
  try {
    statements = parseScript(definition).map((s) => s.statement);
  } catch {
    return false;
  }
  const upper = asciiUpper(name);
  return statements.some((s) => tablesRead(s).some((t) => asciiUpper(t.name) === upper));
}
