import { type ParsedStatement, statementType } from "./ast.ts";
import { schemaOf } from "./catalog.ts";

/**
 * Why a script cannot be dry-run, or undefined when it can
 * (docs/metadata-sql.md "Dry run"): a dry run plans INSERT INTO @INSTANCES
 * statements; SELECTs may come along, any other write is refused rather
 * than silently skipped, so the plan never hides a step of the script.
 */
export function dryRunRefusal(statements: readonly ParsedStatement[]): string | undefined {
  let inserts = 0;
  for (const { stmtNo, statement } of statements) {
    if (statement.kind === "select") continue;
    if (statement.kind === "insert" && instancesTarget(statement.target)) {
      inserts++;
      continue;
    }
    return `a dry run plans INSERT INTO @INSTANCES.<pattern> statements only; statement ${stmtNo} is a ${statementType(statement)}`;
  }
  if (inserts === 0) return "a dry run needs an INSERT INTO @INSTANCES.<pattern> statement";
  return undefined;
}

function instancesTarget(t: { schema?: string }): boolean {
  try {
    return t.schema !== undefined && schemaOf(t.schema) === "INSTANCES";
  } catch {
    return false;
  }
}
