/**
 * PostgreSQL's text and jsonb cannot hold NUL (U+0000), so no text that is
 * stored or compared may carry one; every way in refuses it with a 400
 * naming the field, on both stores (docs/http-edge.md "NUL characters").
 */
export const NUL_REFUSAL = "must not contain the NUL character (U+0000)";

/**
 * The path of the first text, a value or a key, holding NUL in `value`
 * (objects and arrays walked); top-level keys in `keeps` are passed over.
 * Iterative: a JSON body may nest deeper than the stack.
 */
export function nulTextPath(
  value: unknown,
  keeps: readonly string[] = [],
): (string | number)[] | undefined {
  const pending: [unknown, (string | number)[]][] = [[value, []]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [item, path] = next;
    if (typeof item === "string") {
      if (item.includes("\u0000")) return path;
    } else if (item !== null && typeof item === "object") {
      const entries = Object.entries(item);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, inner] = entries[i] as [string, unknown];
        if (path.length === 0 && keeps.includes(key)) continue;
        const at = [...path, Array.isArray(item) ? Number(key) : key];
        if (key.includes("\u0000")) return at;
        pending.push([inner, at]);
      }
    }
  }
  return undefined;
}

/** A path fit for a message: the NUL characters of its keys written as `\0`. */
export function printablePath(path: readonly (string | number)[]): (string | number)[] {
  return path.map((key) => (typeof key === "string" ? key.replaceAll("\u0000", "\\0") : key));
}
