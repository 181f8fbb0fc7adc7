/**
 * The one rule for the characters of every name a person gives: projects,
 * folders, instances, patterns and their properties, roles and variables,
 * labels, releases, tables, columns, users' display names… (docs/limits.md
 * "Characters of names"). Whatever way it comes in (API, console, upload,
 * metadata SQL, bundle, CLI), a name holding a character no one can see or
 * type is refused: control characters (NUL, CR, LF, tab…), format characters
 * (bidi overrides and marks, zero-width spaces and joiners, the BOM, the
 * soft hyphen) and the line and paragraph separators.
 *
 * `__proto__` is refused as a whole name: as a key of a plain object it sets
 * the prototype instead of a value, so a row or a cascade could not hold it.
 * Other names that plain objects inherit (`constructor`, `toString`,
 * `hasOwnProperty`) are ordinary names: the code keys them without prototypes.
 */
import { BadRequest } from "./errors.ts";

const HIDDEN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

/** How a hidden character reads in a message: its code point, e.g. `U+202E`. */
function codePoint(c: string): string {
  return `U+${(c.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")}`;
}

/** Why `name` may not be a name, or undefined when it may. */
export function nameCharacterProblem(name: string): string | undefined {
  const hidden = HIDDEN.exec(name);
  if (hidden)
    return `must not contain control or invisible characters (it has ${codePoint(hidden[0])} at position ${hidden.index + 1})`;
  if (name === "__proto__") return "'__proto__' cannot be a name";
  return undefined;
}

/**
 * 400 `Invalid value for '<field>': must not contain control or invisible
 * characters (it has U+202E at position 3)`; `where` comes first when the
 * field alone does not say which (a row of a sheet, an entry of a bundle).
 */
export function checkNameCharacters(name: string, field: string, where?: string): void {
  const problem = nameCharacterProblem(name);
  if (problem === undefined) return;
  const message = `Invalid value for '${field}': ${problem}`;
  throw new BadRequest(where ? `${where}: ${message}` : message);
}
