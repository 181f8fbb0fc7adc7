import type { Expr, OrderTerm, Select, WindowSpec } from "./ast.ts";
import { castType, checkCall, collation } from "./allow-list.ts";
import { type SqlValue, qualifiedName, schemaOf } from "./catalog.ts";
import { type SourcePos, SqlError } from "./sql-error.ts";
import { SQLITE, type SqlDialect, type Template } from "./dialect.ts";
import { asciiUpper } from "./token-stream.ts";
import {
  COMPARISON,
  NUMERIC_TEXT,
  NUMERIC_TYPE,
  isCondition,
  numberText,
} from "./expression-kinds.ts";
import { NameFolding, quoteName } from "./names.ts";
import type { EmittedQuery, ScopeItem } from "./emitted.ts";

export { NameFolding, quoteName };
export type { EmittedQuery, ScopeItem };

/** Every operator the parser produces; anything else would be a bug, refused here. */
const BINARY = new Set("AND OR = == != <> < <= > >= & | << >> + - * / % || -> ->>".split(" "));

/**
 * Emits expressions: operators from a fixed set, names quoted, strings as
 * bound parameters, numbers from their validated text, functions, casts
 * and collations only from the allow-list. Subqueries go to `select`.
 */
export abstract class ExpressionEmitter {
  protected readonly parts: string[] = [];
  readonly params: SqlValue[] = [];
  /** FROM items in scope, innermost last. */
  protected readonly from: ScopeItem[][] = [];
  /** Result aliases a WHERE or HAVING may name (PostgreSQL: written out; SQLite reads them). */
  protected aliases?: Map<string, Expr>;

  constructor(
    protected readonly dialect: SqlDialect = SQLITE,
    protected readonly folding?: NameFolding,
  ) {}

  abstract select(s: Select): void;

  /** A user's or the catalog's name, quoted (folded on PostgreSQL); `definition`: see NameFolding. */
  name(name: string, definition = false): string {
    return quoteName(this.folding ? this.folding.emitted(name, definition) : name);
  }

  /**
   * Writes a template: `%0`… are `slot(k, false)`, `%c0` `slot(k, true)`,
   * `%*` `slot(-1, false)`.
   */
  protected fill(t: Template, slot: (k: number, condition: boolean) => void): void {
    const re = /%(c?)(\d+|\*)/g;
    let at = 0;
    for (let m = re.exec(t); m; m = re.exec(t)) {
      if (m.index > at) this.write(t.slice(at, m.index));
      slot(m[2] === "*" ? -1 : Number(m[2]), m[1] === "c");
      at = m.index + m[0].length;
    }
    if (at < t.length) this.write(t.slice(at));
  }

  /** A template over expressions. */
  protected over(t: Template, exprs: (Expr | undefined)[]): void {
    this.fill(t, (k, condition) => {
      const e = exprs[k];
      if (!e) throw new SqlError("Internal error: a template names a missing operand");
      if (condition) this.condition(e);
      else this.expr(e);
    });
  }

  /** An expression where a condition is expected (WHERE, ON, AND, …). */
  condition(e: Expr): void {
    if (isCondition(e) || this.dialect.condition === "%0") this.plain(e);
    else this.fill(this.dialect.condition, () => this.plain(e));
  }

  result(): EmittedQuery {
    return { sql: this.parts.join(""), params: this.params };
  }

  write(text: string): void {
    this.parts.push(text);
  }

  param(value: SqlValue): void {
    this.parts.push(this.dialect.param);
    this.params.push(value);
  }

  /** Runs `fn` with `items` as the innermost FROM scope (UPDATE/DELETE targets). */
  withScope<T>(items: ScopeItem[], fn: () => T): T {
    this.from.push(items);
    try {
      return fn();
    } finally {
      this.from.pop();
    }
  }

  /** `t` stays `"t"`; `@INSTANCES.HUB` becomes the alias that FROM item got. */
  protected qualifier(parts: string[], pos: SourcePos): string {
    if (parts.length === 1) return this.name(parts[0]);
    const schema = schemaOf(parts[0], pos);
    const name = asciiUpper(parts[1]);
    for (let k = this.from.length - 1; k >= 0; k--) {
      const hit = this.from[k].find((s) => s.schema === schema && asciiUpper(s.name) === name);
      if (hit) return this.name(hit.alias);
    }
    throw new SqlError(`'${qualifiedName(schema, parts[1])}' is not in the FROM clause`, pos);
  }

  protected list(exprs: Expr[], parenthesised: boolean): void {
    if (parenthesised) this.write("(");
    exprs.forEach((e, k) => {
      if (k > 0) this.write(", ");
      this.expr(e);
    });
    if (parenthesised) this.write(")");
  }

  protected orderTerms(terms: OrderTerm[]): void {
    terms.forEach((t, k) => {
      if (k > 0) this.write(", ");
      this.expr(t.expr);
      if (t.desc) this.write(" DESC");
      this.write(this.dialect.nulls(t.desc, t.nulls));
    });
  }

  /**
   * An operand compared with `other`: a text literal that reads as a number,
   * compared with a numeric column, is that number. Instance and custom-table
   * columns come from subqueries, which carry no affinity, so SQLite itself
   * would compare `LENGTH = '20'` as integer against text and find nothing;
   * a table column of INTEGER affinity would convert the text. This does.
   */
  private operand(e: Expr, other: Expr | undefined): void {
    if (
      other?.kind === "column" &&
      e.kind === "literal" &&
      typeof e.value === "string" &&
      NUMERIC_TEXT.test(e.value) &&
      this.numericColumn(other)
    ) {
      this.write(this.dialect.number(numberText(e.value.trim().replace(/^\+/, ""))));
      return;
    }
    const above = this.dialect.textAboveNumbers;
    if (
      above &&
      other?.kind === "column" &&
      e.kind === "literal" &&
      typeof e.value === "string" &&
      this.numericColumn(other)
    ) {
      this.write(above);
      return;
    }
    this.expr(e);
  }

  /** Whether a column reference resolves to exactly one catalog column of a numeric type. */
  private numericColumn(c: Extract<Expr, { kind: "column" }>): boolean {
    return NUMERIC_TYPE.test(this.columnType(c) ?? "");
  }

  /** The type of the one catalog column a reference resolves to; undefined when unsure. */
  protected columnType(c: Extract<Expr, { kind: "column" }>): string | undefined {
    const name = asciiUpper(c.name);
    for (let k = this.from.length - 1; k >= 0; k--) {
      const items = this.from[k].filter((s) => this.qualifies(s, c.qualifier));
      const hits = items.flatMap((s) =>
        s.columns === undefined ? [] : s.columns.filter((col) => asciiUpper(col.name) === name),
      );
      // A name of an item without known columns (a WITH query) may be it: no guess.
      if (hits.length === 1 && items.every((s) => s.columns !== undefined)) return hits[0].type;
      if (hits.length > 0 || (c.qualifier.length > 0 && items.length > 0)) return undefined;
    }
    return undefined;
  }

  /**
   * A WHERE or HAVING name that is no column of the FROM items but a result
   * alias (SQLite looks there second): its expression. Only when every FROM
   * item's columns are known, so a column is never taken for an alias.
   */
  private aliasedExpr(c: Extract<Expr, { kind: "column" }>): Expr | undefined {
    if (!this.aliases || c.qualifier.length > 0) return undefined;
    const found = this.aliases.get(asciiUpper(c.name));
    const scope = this.from[this.from.length - 1] ?? [];
    if (!found || scope.some((s) => s.columns === undefined)) return undefined;
    const name = asciiUpper(c.name);
    const isColumn = scope.some((s) => s.columns?.some((col) => asciiUpper(col.name) === name));
    return isColumn ? undefined : found;
  }

  protected qualifies(item: ScopeItem, qualifier: string[]): boolean {
    if (qualifier.length === 0) return true;
    if (qualifier.length === 1) return asciiUpper(item.alias) === asciiUpper(qualifier[0]);
    try {
      const schema = schemaOf(qualifier[0], { line: 0, column: 0, offset: 0 });
      return item.schema === schema && asciiUpper(item.name) === asciiUpper(qualifier[1]);
    } catch {
      return false;
    }
  }

  /** An expression where a value is expected. */
  expr(e: Expr): void {
    if (isCondition(e) && this.dialect.booleanValue !== "%0")
      this.fill(this.dialect.booleanValue, () => this.plain(e));
    else this.plain(e);
  }

  private plain(e: Expr): void {
    switch (e.kind) {
      case "literal":
        if (e.value === null) {
          this.write("NULL");
          return;
        }
        if (typeof e.value === "boolean") {
          this.write(this.dialect.boolean(e.value));
          return;
        }
        if (typeof e.value === "number") {
          this.write(this.dialect.number(numberText(e.raw ?? String(e.value))));
          return;
        }
        this.param(e.value);
        return;
      case "current":
        this.write(this.dialect.current(e.which));
        return;
      case "column": {
        const aliased = this.aliasedExpr(e);
        if (aliased) {
          // The alias's expression in its place; it may not name aliases itself.
          const aliases = this.aliases;
          this.aliases = undefined;
          this.write("(");
          this.expr(aliased);
          this.write(")");
          this.aliases = aliases;
          return;
        }
        if (e.qualifier.length > 0) this.write(`${this.qualifier(e.qualifier, e.pos)}.`);
        this.write(this.name(e.name));
        return;
      }
      case "unary":
        this.over(this.dialect.unary(e.op), [e.expr]);
        return;
      case "binary": {
        if (!BINARY.has(e.op)) throw new SqlError(`Operator '${e.op}' is not supported`);
        const compared = COMPARISON.has(e.op);
        const logical = e.op === "AND" || e.op === "OR";
        this.fill(this.dialect.binary(e.op), (k) => {
          const [side, other] = k === 0 ? [e.left, e.right] : [e.right, e.left];
          if (logical) this.condition(side);
          else this.operand(side, compared ? other : undefined);
        });
        return;
      }
      case "is":
        this.over(this.dialect.is(e.not, e.distinct), [e.left, e.right]);
        return;
      case "like":
        this.over(this.dialect.like(e.op, e.not, e.escape !== undefined), [
          e.left,
          e.right,
          e.escape,
        ]);
        return;
      case "between":
        this.write("(");
        this.expr(e.expr);
        this.write(e.not ? " NOT BETWEEN " : " BETWEEN ");
        this.operand(e.low, e.expr);
        this.write(" AND ");
        this.operand(e.high, e.expr);
        this.write(")");
        return;
      case "in":
        this.write("(");
        this.expr(e.expr);
        this.write(e.not ? " NOT IN (" : " IN (");
        if (e.select) this.select(e.select);
        else
          (e.list ?? []).forEach((x, k) => {
            if (k > 0) this.write(", ");
            this.operand(x, e.expr);
          });
        this.write("))");
        return;
      case "exists":
        this.write("EXISTS (");
        this.select(e.select);
        this.write(")");
        return;
      case "subquery":
        this.write("(");
        this.select(e.select);
        this.write(")");
        return;
      case "case":
        this.write("CASE");
        if (e.operand) {
          this.write(" ");
          this.expr(e.operand);
        }
        for (const w of e.whens) {
          this.write(" WHEN ");
          if (e.operand) this.expr(w.when);
          else this.condition(w.when);
          this.write(" THEN ");
          this.expr(w.result);
        }
        if (e.else) {
          this.write(" ELSE ");
          this.expr(e.else);
        }
        this.write(" END");
        return;
      case "cast":
        this.over(this.dialect.cast(castType(e.type, e.pos)), [e.expr]);
        return;
      case "collate":
        this.over(this.dialect.collate(collation(e.collation, e.pos)), [e.expr]);
        return;
      case "row":
        this.list(e.exprs, true);
        return;
      case "call":
        this.call(e);
        return;
    }
  }

  private call(e: Extract<Expr, { kind: "call" }>): void {
    const name = checkCall(e);
    const shape = this.dialect.call(name, e);
    if (shape.template !== undefined) {
      this.over(shape.template, e.args);
      return;
    }
    const whole = () => {
      this.write(`${shape.name ?? name}(`);
      if (e.star) this.write("*");
      else {
        if (e.distinct) this.write("DISTINCT ");
        e.args.forEach((a, k) => {
          if (k > 0) this.write(", ");
          if (shape.arg) this.over(shape.arg, [a]);
          else this.expr(a);
        });
        if (shape.extra) this.write(shape.extra);
      }
      this.write(")");
      if (e.filter) {
        this.write(" FILTER (WHERE ");
        this.condition(e.filter);
        this.write(")");
      }
      if (e.over) this.window(e.over);
    };
    if (shape.outer) this.fill(shape.outer, whole);
    else whole();
  }

  private window(w: WindowSpec): void {
    this.write(" OVER (");
    if (w.partitionBy.length) {
      this.write("PARTITION BY ");
      this.list(w.partitionBy, false);
    }
    if (w.orderBy.length) {
      this.write(w.partitionBy.length ? " ORDER BY " : "ORDER BY ");
      this.orderTerms(w.orderBy);
    }
    if (w.frame) {
      this.write(` ${w.frame.unit} `);
      if (w.frame.end) this.write("BETWEEN ");
      for (const [k, b] of (w.frame.end
        ? [w.frame.start, w.frame.end]
        : [w.frame.start]
      ).entries()) {
        if (k > 0) this.write(" AND ");
        if (b.kind === "PRECEDING" || b.kind === "FOLLOWING") {
          this.expr(b.offset);
          this.write(` ${b.kind}`);
        } else this.write(b.kind);
      }
    }
    this.write(")");
  }
}
