import type { Expr, ResultColumn, SelectCore, ValuesCore } from "./ast.ts";
import type { CatalogColumn } from "./catalog.ts";
import { ExpressionEmitter, type ScopeItem } from "./expression-emitter.ts";
import { SqlError } from "./sql-error.ts";
import { asciiUpper } from "./token-stream.ts";

/**
 * The rows a SELECT core yields: its result columns (and what a view's body
 * says about their types) and VALUES lists. Apart from the statement
 * emitter (emitter.ts), which places tables, views and WITH queries.
 */
export abstract class RowsEmitter extends ExpressionEmitter {
  /** `VALUES (…), (…)`: rows of one width. */
  protected values(core: ValuesCore): void {
    const width = core.rows[0].length;
    const mixed = core.rows[0].map((_, k) => this.mixedColumn(core, k));
    this.write("VALUES ");
    core.rows.forEach((row, k) => {
      if (row.length !== width)
        throw new SqlError(`VALUES row ${k + 1} has ${row.length} values, the first has ${width}`);
      if (k > 0) this.write(", ");
      if (!mixed.some((m) => m)) {
        this.list(row, true);
        return;
      }
      this.write("(");
      row.forEach((e, j) => {
        if (j > 0) this.write(", ");
        if (mixed[j] && this.dialect.mixedValue) this.over(this.dialect.mixedValue, [e]);
        else this.expr(e);
      });
      this.write(")");
    });
  }

  /** Whether a VALUES column holds both text and number literals (SQLite types per value). */
  private mixedColumn(core: ValuesCore, k: number): boolean {
    if (!this.dialect.mixedValue) return false;
    const kinds = new Set(
      core.rows
        .map((row) => row[k])
        .flatMap((e) => (e?.kind === "literal" ? [typeof e.value] : [])),
    );
    return kinds.has("string") && kinds.has("number");
  }

  /**
   * A view's columns with their types where the emitter knows them (a column
   * of a catalog source, a CAST); undefined when `*` covers a source of
   * unknown columns (a WITH query, a subquery).
   */
  protected resultColumns(core: SelectCore, scope: ScopeItem[]): CatalogColumn[] | undefined {
    const out: CatalogColumn[] = [];
    for (const c of core.columns) {
      if (c.kind === "expr") {
        const name = c.alias ?? (c.expr.kind === "column" ? c.expr.name : c.text);
        out.push({ name, type: this.typeOf(c.expr) });
        continue;
      }
      const items = c.kind === "star" ? scope : scope.filter((s) => this.qualifies(s, c.qualifier));
      if (items.length === 0 || items.some((s) => s.columns === undefined)) return undefined;
      for (const s of items) out.push(...(s.columns ?? []));
    }
    return out;
  }

  private typeOf(e: Expr): string {
    if (e.kind === "column") return this.columnType(e) ?? "string";
    if (e.kind === "cast") {
      const t = asciiUpper(e.type);
      if (t.includes("INT")) return "integer";
      if (t === "REAL" || t === "NUMERIC") return "number";
    }
    return "string";
  }

  protected resultColumn(c: ResultColumn): void {
    if (c.kind === "star") {
      this.write("*");
      return;
    }
    if (c.kind === "tableStar") {
      this.write(`${this.qualifier(c.qualifier, c.pos)}.*`);
      return;
    }
    this.expr(c.expr);
    // Unnamed expressions are named as typed, as SQLite would; columns keep their own name.
    const name = c.alias ?? (c.expr.kind === "column" ? undefined : c.text);
    if (name !== undefined) this.write(` AS ${this.name(name, true)}`);
  }
}
