/**
 * The statements of the "Generate instances" flow (docs/metadata-sql.md
 * "Generating instances"): a probe that names the source's columns, then
 * one INSERT INTO @INSTANCES that the plan (dry run) and Apply both send.
 */

/** The dialect's quoting of a name: `"…"`, a `"` doubled. */
export function quoted(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** Where the rows come from: a view of @TABLES, or a SELECT typed by the user. */
export type GenerateSource = { kind: "view"; view: string } | { kind: "select"; select: string };

/** The source as one SELECT: a typed one loses its trailing `;` (it becomes a subquery). */
export function sourceSelect(source: GenerateSource): string {
  if (source.kind === "view") return `SELECT * FROM @TABLES.${quoted(source.view)}`;
  return source.select.trim().replace(/;+\s*$/, "");
}

/** A statement that yields the source's columns and no rows. */
export function probeStatement(source: GenerateSource): string {
  return `SELECT * FROM (${sourceSelect(source)}) AS src LIMIT 0`;
}

/** System columns an INSERT into @INSTANCES takes besides @INSTANCE. */
const SYSTEM = ["@FOLDER", "@POS_NO", "@RELEASE", "@DELETED"];

export interface GeneratePlan {
  /** The INSERT to dry-run and then apply; undefined when the source lacks @INSTANCE. */
  statement?: string;
  /** Pattern (and system) columns the source fills, by the pattern's spelling. */
  used: string[];
  /** Pattern columns the source does not yield: they stay empty. */
  missing: string[];
  /** Source columns the pattern has no place for: left out. */
  ignored: string[];
}

/**
 * Matches the source's columns to the pattern's (ASCII case-insensitive,
 * like the dialect) and builds `INSERT INTO @INSTANCES.<P> (…) SELECT … FROM
 * (<source>) AS src`.
 */
export function generatePlan(
  pattern: string,
  patternColumns: readonly string[],
  source: GenerateSource,
  sourceColumns: readonly string[],
): GeneratePlan {
  const bySource = new Map(sourceColumns.map((c) => [c.toUpperCase(), c]));
  const wanted = ["@INSTANCE", ...SYSTEM, ...patternColumns];
  const pairs = wanted
    .map((c) => [c, bySource.get(c.toUpperCase())] as const)
    .filter((p): p is readonly [string, string] => p[1] !== undefined);
  const taken = new Set(pairs.map(([, s]) => s));
  const plan: GeneratePlan = {
    used: pairs.map(([c]) => c),
    missing: patternColumns.filter((c) => !bySource.has(c.toUpperCase())),
    ignored: sourceColumns.filter((c) => !taken.has(c)),
  };
  if (!bySource.has("@INSTANCE")) return plan;
  const into = pairs.map(([c]) => quoted(c)).join(", ");
  const from = pairs.map(([, s]) => `src.${quoted(s)}`).join(", ");
  plan.statement = `INSERT INTO @INSTANCES.${quoted(pattern)} (${into})\nSELECT ${from}\nFROM (${sourceSelect(source)}) AS src`;
  return plan;
}
