import { BadRequest } from "../errors.ts";
import { tooLongMessage } from "../limits.ts";

/** A named piece of LiquidJS a pattern's templates use with `{% render 'name' %}`. */
export interface SnippetSource {
  name: string;
  body: string;
}

/**
 * A name is a plain word (letters, digits, `_`, `-`, `.`), never a path, and
 * never starts with `_` (those are the pattern's partial templates), so a
 * snippet can only ever name an entry of the in-memory map (docs/patterns-authoring.md).
 */
const SNIPPET_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;

/** The snippet name, or a 400 naming the field: empty, too long, or not a plain name. */
export function checkSnippetName(name: string, nameLength: number, field = "name"): string {
  if (name.length > nameLength)
    throw new BadRequest(tooLongMessage(field, nameLength, name.length));
  if (!SNIPPET_NAME.test(name) || name.includes(".."))
    throw new BadRequest(
      `Invalid value for '${field}': '${name.slice(0, 60)}' must be letters, digits, '_', '-' or '.' and start with a letter or digit`,
    );
  return name;
}

/**
 * The map LiquidJS reads `render`/`include` targets from: the pattern's
 * partials and snippets, without a prototype, so `constructor` or
 * `__proto__` name nothing.
 */
export function templateMap(
  partials: readonly { path: string; body: string }[],
  snippets: readonly SnippetSource[],
): Record<string, string> {
  const map = Object.create(null) as Record<string, string>;
  for (const s of snippets) map[s.name] = s.body;
  for (const p of partials) map[p.path] = p.body;
  return map;
}
