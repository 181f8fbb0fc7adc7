/**
 * The one set of limits for names, paths and values (docs/limits.md), applied
 * alike by every way in: console, upload, metadata SQL, bundle import. The
 * numbers come from the server's configuration as one `WriteLimits` object;
 * lengths count UTF-16 code units, as JavaScript strings do.
 */
import type { WriteLimits } from "@metabuild/contract";
import { BadRequest, PayloadTooLarge } from "./errors.ts";
import { checkNameCharacters } from "./name-characters.ts";

export type { WriteLimits } from "@metabuild/contract";

/** `where` (e.g. `Row 5 of sheet 'Hubs'`) comes first when the field alone does not say which. */
function located(where: string | undefined, message: string): string {
  return where ? `${where}: ${message}` : message;
}

export function tooLongMessage(field: string, limit: number, length: number): string {
  return `Invalid value for '${field}': must be at most ${limit} characters (it has ${length})`;
}

/** Refuses `text` longer than `limit` with a 400 that names the field and the limit. */
export function checkLength(text: string, limit: number, field: string, where?: string): void {
  if (text.length > limit)
    throw new BadRequest(located(where, tooLongMessage(field, limit, text.length)));
}

/** The trimmed instance name, or a 400: empty, too long, or holding `*`, `/` or a hidden character (name-characters.ts). */
export function checkInstanceName(
  raw: string,
  limits: WriteLimits,
  field = "name",
  where?: string,
): string {
  const name = raw.trim();
  if (name === "") throw new BadRequest(located(where, "An instance name is required"));
  checkLength(name, limits.nameLength, field, where);
  // A name filter holding '*' is a glob (docs/instance-search.md); names
  // stored before issue 14 keep theirs and are reported, not renamed.
  if (name.includes("*"))
    throw new BadRequest(
      located(
        where,
        `Invalid value for '${field}': '*' is not allowed in an instance name (it makes a name filter a pattern)`,
      ),
    );
  checkNameCharacters(name, field, where);
  // A '/' would make the path ambiguous (folder /a, name b/c vs folder /a/b, name c).
  if (name.includes("/"))
    throw new BadRequest(located(where, `Instance name '${name}' must not contain '/'`));
  return name;
}

/** The whole path's and each segment's length (a segment is a folder's name). */
export function checkFolderLengths(
  segments: readonly string[],
  limits: WriteLimits,
  field = "folder",
  where?: string,
): void {
  // The normal form: `/` plus the segments joined by `/`.
  const length = segments.reduce((n, s) => n + 1 + s.length, 0) || 1;
  if (length > limits.pathLength)
    throw new BadRequest(located(where, tooLongMessage(field, limits.pathLength, length)));
  const long = segments.find((s) => s.length > limits.nameLength);
  if (long !== undefined)
    throw new BadRequest(
      located(
        where,
        `Invalid value for '${field}': each folder name must be at most ${limits.nameLength} characters (one has ${long.length})`,
      ),
    );
}

/** The `segments` of folder path `path` (folderPathSegments), or a 400: too long, or `.` / `..`. */
export function checkFolderSegments(
  segments: readonly string[],
  path: string,
  limits: WriteLimits,
  field = "folder",
  where?: string,
): void {
  checkFolderLengths(segments, limits, field, where);
  if (segments.some((s) => s === "." || s === ".."))
    throw new BadRequest(located(where, `Folder path '${path}' must not contain '.' or '..'`));
  for (const segment of segments) checkNameCharacters(segment, field, where);
}

/** The first text cell of metadata rows (keys are column names) over the value limit: its row (0-based), column and length. */
export function longValue(
  rows: readonly Record<string, unknown>[] | undefined,
  limits: WriteLimits,
): { row: number; column: string; length: number } | undefined {
  if (!rows) return undefined;
  // Every row of every write passes here: no allocation unless something is refused.
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i] as Record<string, unknown>;
    for (const column in row) {
      const value = row[column];
      if (typeof value === "string" && value.length > limits.valueLength)
        return { row: i, column, length: value.length };
    }
  }
  return undefined;
}

/** Every text cell of metadata rows (keys are column names) within the value limit. */
export function checkRowValues(
  rows: readonly Record<string, unknown>[] | undefined,
  limits: WriteLimits,
  where?: string,
): void {
  const long = longValue(rows, limits);
  if (long)
    throw new BadRequest(
      located(
        where ? `${where}, row ${long.row + 1}` : `Row ${long.row + 1}`,
        tooLongMessage(long.column, limits.valueLength, long.length),
      ),
    );
}

/**
 * True when `value` nests more than `max` levels of arrays and objects (the
 * outermost is level 1). Iterative, so no depth overflows it; it stops at the
 * first branch past the limit.
 */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [at, depth] = stack.pop() as [unknown, number];
    if (at === null || typeof at !== "object") continue;
    if (depth > max) return true;
    for (const child of Object.values(at)) stack.push([child, depth + 1]);
  }
  return false;
}

/** The refusal of nesting past METABUILD_MAX_JSON_DEPTH; `what` names the body or file. */
export function tooDeepMessage(what: string, max: number): string {
  return `${what} nests deeper than ${max} levels of arrays and objects (METABUILD_MAX_JSON_DEPTH)`;
}

/** 400 when `value` nests past `max` (docs/limits.md "Nesting"). */
export function checkNesting(value: unknown, max: number, what: string): void {
  if (nestsDeeperThan(value, max)) throw new BadRequest(tooDeepMessage(what, max));
}

/** 413: an upload whose cell text, once expanded, passes what one upload may store. */
export function uploadCharactersExceeded(limit: number): PayloadTooLarge {
  return new PayloadTooLarge(
    `The workbook holds more than ${limit} characters of cell text once its shared strings are expanded; split it into smaller uploads`,
  );
}
