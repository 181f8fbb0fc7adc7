/**
 * The text of a reference cell (docs/lineage.md "References"):
 * `PATTERN:/folder/NAME`, `/folder/NAME` when the property allows one
 * pattern, and `#ROW` after either for a reference to one row of the target
 * (the row whose first property holds ROW).
 */

export const REFERENCE_DATATYPE = "reference";

/** What a reference cell names, before it is looked up. */
export interface ReferenceText {
  pattern: string;
  /** Normalised folder path: `/` or `/a/b`. */
  folder: string;
  name: string;
  /** The target row's name for a column-level reference, else null. */
  row: string | null;
  /** Whether the text spelled the pattern out (kept when the text is rewritten). */
  explicitPattern: boolean;
}

export type ParsedReference = { ok: true; ref: ReferenceText } | { ok: false; problem: string };

function fail(problem: string): ParsedReference {
  return { ok: false, problem };
}

/**
 * Reads a non-empty reference cell; `allowed` are the property's `references`
 * (pattern names). The problem reads after "must be …"-style cell messages.
 */
export function parseReference(text: string, allowed: readonly string[]): ParsedReference {
  const value = text.trim();
  const slash = value.indexOf("/");
  if (slash < 0) return fail(`must be a reference like ${example(allowed)}, not '${value}'`);
  let pattern: string;
  let explicitPattern = false;
  if (slash === 0) {
    if (allowed.length !== 1)
      return fail(
        `must name the pattern of '${value}' (one of ${allowed.join(", ")}), e.g. ${example(allowed)}`,
      );
    pattern = allowed[0] as string;
  } else {
    if (value[slash - 1] !== ":")
      return fail(`must be a reference like ${example(allowed)}, not '${value}'`);
    pattern = value.slice(0, slash - 1).trim();
    explicitPattern = true;
    const known = allowed.find((a) => a.toLowerCase() === pattern.toLowerCase());
    if (!known)
      return fail(
        `may reference ${allowed.join(", ")} only, not pattern '${pattern}' ('${value}')`,
      );
    pattern = known;
  }
  let path = value.slice(slash);
  let row: string | null = null;
  const hash = path.indexOf("#");
  if (hash >= 0) {
    row = path.slice(hash + 1).trim();
    path = path.slice(0, hash);
    if (row === "") return fail(`names no row after '#' ('${value}')`);
  }
  const segments = path.split("/").map((s) => s.trim());
  const name = segments.pop() as string;
  if (name === "" || segments.slice(1).some((s) => s === ""))
    return fail(`must end in an instance name, like ${example(allowed)}, not '${value}'`);
  const folder = segments.length <= 1 ? "/" : segments.join("/");
  return { ok: true, ref: { pattern, folder, name, row, explicitPattern } };
}

/** The text of a reference; the pattern is left out only when it was left out before. */
export function formatReference(ref: ReferenceText): string {
  const path = ref.folder === "/" ? `/${ref.name}` : `${ref.folder}/${ref.name}`;
  const row = ref.row === null ? "" : `#${ref.row}`;
  return `${ref.explicitPattern ? `${ref.pattern}:` : ""}${path}${row}`;
}

/** A key that finds a target among looked-up instances: pattern, folder and name. */
export function referenceKey(pattern: string, folder: string, name: string): string {
  return JSON.stringify([pattern.toLowerCase(), folder, name]);
}

function example(allowed: readonly string[]): string {
  return `'${allowed[0] ?? "PATTERN"}:/folder/NAME'`;
}

/** The property's allowed patterns as stored (docs/lineage.md: the `format` column holds them). */
export function referencesOf(format: string | null | undefined): string[] {
  return (format ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "");
}

/** How `references` is stored: comma-separated pattern names. */
export function storedReferences(references: readonly string[]): string {
  return references.join(",");
}

/**
 * The same reference text pointing at the target's new place: the pattern
 * prefix (or its absence) and any `#ROW` stay as they were written.
 */
export function movedReference(text: string, folder: string, name: string): string {
  const value = text.trim();
  const slash = value.indexOf("/");
  const prefix = slash < 0 ? "" : value.slice(0, slash);
  const hash = value.indexOf("#", Math.max(slash, 0));
  const row = hash < 0 ? "" : value.slice(hash);
  return `${prefix}${folder === "/" ? "" : folder}/${name}${row}`;
}
