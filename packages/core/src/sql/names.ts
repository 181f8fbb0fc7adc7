// Names in emitted SQL (docs/metadata-sql.md "How it runs, and why"): how a
// user's name is quoted, and how PostgreSQL's folded names map back to the
// spelling a result column takes.

/** PostgreSQL cuts names at 63 bytes. */
const MAX_NAME_BYTES = 63;

/**
 * The names one statement emits (shared by all its emitters): folded → the
 * spelling a result column takes. A definition (a result alias, a catalog or
 * WITH query column) sets it, the latest one winning (the outer query's are
 * emitted last); a reference (`SELECT name`) only when nothing defined it,
 * as SQLite names a column by its definition.
 */
export class NameFolding {
  readonly names = new Map<string, string>();
  private readonly short = new Map<string, string>();

  emitted(name: string, definition = false): string {
    const folded = name.replace(/[A-Z]+/g, (m) => m.toLowerCase());
    let out = folded;
    if (new TextEncoder().encode(folded).length > MAX_NAME_BYTES) {
      out = this.short.get(folded) ?? `name_${this.short.size + 1}`;
      this.short.set(folded, out);
    }
    if (definition || !this.names.has(out)) this.names.set(out, name);
    return out;
  }
}

/** Quotes a name for SQLite; the only way a user's name reaches the emitted SQL. */
export function quoteName(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
