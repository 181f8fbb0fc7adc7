import type { Expr, FrameBound, OrderTerm, Select, WindowSpec } from "./ast.ts";
import { syntaxError } from "./sql-error.ts";
import { TokenStream, asciiUpper } from "./token-stream.ts";

const EQUALITY = new Set(["=", "==", "!=", "<>"]);
const RELATIONAL = new Set(["<", "<=", ">", ">="]);
const BITWISE = new Set(["&", "|", "<<", ">>"]);
const ADDITIVE = new Set(["+", "-"]);
const MULTIPLICATIVE = new Set(["*", "/", "%"]);
const CONCAT = new Set(["||", "->", "->>"]);

/**
 * Expressions of the dialect with SQLite's precedence: OR, AND, NOT,
 * equality/IS/IN/LIKE/BETWEEN, comparison, bitwise, + -, * / %, || -> ->>,
 * unary, COLLATE. Subqueries call back into the statement parser.
 */
export abstract class ExpressionParser extends TokenStream {
  abstract parseSelect(): Select;

  parseExpr(): Expr {
    return this.nested(() => this.parseOr());
  }

  protected startsSelect(): boolean {
    return this.isWord("SELECT") || this.isWord("WITH") || this.isWord("VALUES");
  }

  private parseOr(): Expr {
    let left = this.parseAnd();
    while (this.acceptWord("OR")) left = { kind: "binary", op: "OR", left, right: this.parseAnd() };
    return left;
  }

  private parseAnd(): Expr {
    let left = this.parseNot();
    while (this.acceptWord("AND"))
      left = { kind: "binary", op: "AND", left, right: this.parseNot() };
    return left;
  }

  private parseNot(): Expr {
    if (this.acceptWord("NOT"))
      return { kind: "unary", op: "NOT", expr: this.nested(() => this.parseNot()) };
    return this.parseEquality();
  }

  private parseEquality(): Expr {
    let left = this.parseRelational();
    for (;;) {
      const t = this.tok;
      if (t.kind === "op" && EQUALITY.has(t.value)) {
        this.next();
        left = { kind: "binary", op: t.value, left, right: this.parseRelational() };
      } else if (this.acceptWord("IS")) {
        const not = this.acceptWord("NOT");
        const distinct = this.acceptWord("DISTINCT");
        if (distinct) this.expectWord("FROM");
        left = { kind: "is", not, distinct, left, right: this.parseRelational() };
      } else if (this.acceptWord("ISNULL")) {
        left = {
          kind: "is",
          not: false,
          distinct: false,
          left,
          right: { kind: "literal", value: null },
        };
      } else if (this.acceptWord("NOTNULL") || this.acceptWord("NOT", "NULL")) {
        left = {
          kind: "is",
          not: true,
          distinct: false,
          left,
          right: { kind: "literal", value: null },
        };
      } else {
        const negated = this.isWord("NOT") && this.isPredicateWord(this.peek());
        if (negated) this.next();
        if (!this.isPredicateWord(this.tok)) {
          if (negated) throw this.unexpected("IN, LIKE, GLOB or BETWEEN");
          return left;
        }
        left = this.parsePredicate(left, negated);
      }
    }
  }

  private isPredicateWord(t = this.tok): boolean {
    return ["IN", "LIKE", "GLOB", "BETWEEN", "REGEXP", "MATCH"].some((w) => this.isWord(w, t));
  }

  private parsePredicate(left: Expr, not: boolean): Expr {
    const t = this.next();
    const word = asciiUpper(t.value);
    if (word === "BETWEEN") {
      const low = this.parseRelational();
      this.expectWord("AND");
      return { kind: "between", not, expr: left, low, high: this.parseRelational() };
    }
    if (word === "LIKE" || word === "GLOB") {
      const right = this.parseRelational();
      const escapeChar = this.acceptWord("ESCAPE") ? this.parseRelational() : undefined;
      return { kind: "like", op: word, not, left, right, escape: escapeChar };
    }
    if (word === "IN") {
      if (!this.isOp("("))
        throw syntaxError(this.tok.pos, "IN needs a parenthesised list or subquery");
      this.next();
      if (this.startsSelect()) {
        const select = this.parseSelect();
        this.expectOp(")");
        return { kind: "in", not, expr: left, select };
      }
      const list = this.isOp(")") ? [] : this.parseExprList();
      this.expectOp(")");
      return { kind: "in", not, expr: left, list };
    }
    throw syntaxError(t.pos, `${word} is not supported; use LIKE or GLOB`);
  }

  private parseBinaryLevel(ops: Set<string>, operand: () => Expr): Expr {
    let left = operand();
    while (this.tok.kind === "op" && ops.has(this.tok.value)) {
      const op = this.next().value;
      left = { kind: "binary", op, left, right: operand() };
    }
    return left;
  }

  private parseRelational(): Expr {
    return this.parseBinaryLevel(RELATIONAL, () => this.parseBitwise());
  }

  private parseBitwise(): Expr {
    return this.parseBinaryLevel(BITWISE, () => this.parseAdditive());
  }

  private parseAdditive(): Expr {
    return this.parseBinaryLevel(ADDITIVE, () => this.parseMultiplicative());
  }

  private parseMultiplicative(): Expr {
    return this.parseBinaryLevel(MULTIPLICATIVE, () => this.parseConcat());
  }

  private parseConcat(): Expr {
    return this.parseBinaryLevel(CONCAT, () => this.parseUnary());
  }

  private parseUnary(): Expr {
    const t = this.tok;
    if (t.kind === "op" && (t.value === "-" || t.value === "+" || t.value === "~")) {
      this.next();
      const op = t.value as "-" | "+" | "~";
      return { kind: "unary", op, expr: this.nested(() => this.parseUnary()) };
    }
    let expr = this.parsePrimary();
    while (this.isWord("COLLATE")) {
      const pos = this.next().pos;
      expr = { kind: "collate", expr, collation: this.expectName("a collation name").name, pos };
    }
    return expr;
  }

  protected parseExprList(): Expr[] {
    const list = [this.parseExpr()];
    while (this.acceptOp(",")) list.push(this.parseExpr());
    return list;
  }

  private parsePrimary(): Expr {
    const t = this.tok;
    if (t.kind === "number") {
      this.next();
      return { kind: "literal", value: Number(t.value), raw: t.value };
    }
    if (t.kind === "string") {
      this.next();
      return { kind: "literal", value: t.value };
    }
    if (this.isOp("(")) return this.parseParenthesised();
    if (t.kind !== "ident") throw this.unexpected("a value, name or expression");
    if (!t.quoted) {
      const word = asciiUpper(t.value);
      if (word === "NULL" || word === "TRUE" || word === "FALSE") {
        this.next();
        return { kind: "literal", value: word === "NULL" ? null : word === "TRUE" };
      }
      if (word === "CURRENT_DATE" || word === "CURRENT_TIME" || word === "CURRENT_TIMESTAMP") {
        this.next();
        return { kind: "current", which: word };
      }
      if (word === "CASE") return this.parseCase();
      if (word === "CAST") return this.parseCast();
      if (word === "EXISTS") {
        this.next();
        this.expectOp("(");
        const select = this.parseSelect();
        this.expectOp(")");
        return { kind: "exists", select };
      }
      if (word === "RAISE" || word === "SELECT")
        throw syntaxError(t.pos, `${word} is not allowed here`);
      if (this.isOp("(", this.peek())) return this.parseCall();
    } else if (this.isOp("(", this.peek())) {
      throw syntaxError(t.pos, `"${t.value}" is quoted, so it cannot be called as a function`);
    }
    if (!this.isName(t)) throw this.unexpected("a value, name or expression");
    return this.parseColumnRef();
  }

  private parseColumnRef(): Expr {
    const first = this.next();
    const parts = [first.value];
    while (this.isOp(".")) {
      this.next();
      if (parts.length === 3) throw syntaxError(this.tok.pos, "a column name has at most 3 parts");
      parts.push(this.expectName("a column name").name);
    }
    return {
      kind: "column",
      qualifier: parts.slice(0, -1),
      name: parts[parts.length - 1],
      pos: first.pos,
    };
  }

  private parseParenthesised(): Expr {
    this.next();
    if (this.startsSelect()) {
      const select = this.parseSelect();
      this.expectOp(")");
      return { kind: "subquery", select };
    }
    const exprs = this.parseExprList();
    this.expectOp(")");
    return exprs.length === 1 ? exprs[0] : { kind: "row", exprs };
  }

  private parseCase(): Expr {
    this.next();
    const operand = this.isWord("WHEN") ? undefined : this.parseExpr();
    const whens: { when: Expr; result: Expr }[] = [];
    while (this.acceptWord("WHEN")) {
      const when = this.parseExpr();
      this.expectWord("THEN");
      whens.push({ when, result: this.parseExpr() });
    }
    if (whens.length === 0) throw this.unexpected("WHEN");
    const otherwise = this.acceptWord("ELSE") ? this.parseExpr() : undefined;
    this.expectWord("END");
    return { kind: "case", operand, whens, else: otherwise };
  }

  private parseCast(): Expr {
    this.next();
    this.expectOp("(");
    const expr = this.parseExpr();
    this.expectWord("AS");
    const pos = this.tok.pos;
    const words: string[] = [];
    while (this.tok.kind === "ident" && !this.tok.quoted) words.push(asciiUpper(this.next().value));
    if (words.length === 0) throw this.unexpected("a type name");
    // A size such as VARCHAR(20) does not change SQLite's conversion.
    if (this.acceptOp("(")) {
      while (!this.isOp(")") && this.tok.kind !== "eof") this.next();
      this.expectOp(")");
    }
    this.expectOp(")");
    return { kind: "cast", expr, type: words.join(" "), pos };
  }

  private parseCall(): Expr {
    const nameTok = this.next();
    this.expectOp("(");
    let star = false;
    let distinct = false;
    let args: Expr[] = [];
    if (this.acceptOp("*")) star = true;
    else if (!this.isOp(")")) {
      distinct = this.acceptWord("DISTINCT");
      args = this.parseExprList();
    }
    this.expectOp(")");
    let filter: Expr | undefined;
    if (this.acceptWord("FILTER")) {
      this.expectOp("(");
      this.expectWord("WHERE");
      filter = this.parseExpr();
      this.expectOp(")");
    }
    const over = this.acceptWord("OVER") ? this.parseWindow() : undefined;
    return {
      kind: "call",
      name: nameTok.value,
      pos: nameTok.pos,
      distinct,
      star,
      args,
      filter,
      over,
    };
  }

  private parseWindow(): WindowSpec {
    if (!this.isOp("("))
      throw syntaxError(this.tok.pos, "named windows are not supported; write OVER (…)");
    this.next();
    const spec: WindowSpec = { partitionBy: [], orderBy: [] };
    if (this.acceptWord("PARTITION", "BY")) spec.partitionBy = this.parseExprList();
    if (this.acceptWord("ORDER", "BY")) spec.orderBy = this.parseOrderTerms();
    const unit = ["ROWS", "RANGE", "GROUPS"].find((u) => this.isWord(u));
    if (unit) {
      this.next();
      if (this.acceptWord("BETWEEN")) {
        const start = this.parseFrameBound();
        this.expectWord("AND");
        spec.frame = { unit: unit as "ROWS", start, end: this.parseFrameBound() };
      } else spec.frame = { unit: unit as "ROWS", start: this.parseFrameBound() };
    }
    this.expectOp(")");
    return spec;
  }

  private parseFrameBound(): FrameBound {
    if (this.acceptWord("UNBOUNDED", "PRECEDING")) return { kind: "UNBOUNDED PRECEDING" };
    if (this.acceptWord("UNBOUNDED", "FOLLOWING")) return { kind: "UNBOUNDED FOLLOWING" };
    if (this.acceptWord("CURRENT", "ROW")) return { kind: "CURRENT ROW" };
    const offset = this.parseExpr();
    if (this.acceptWord("PRECEDING")) return { kind: "PRECEDING", offset };
    if (this.acceptWord("FOLLOWING")) return { kind: "FOLLOWING", offset };
    throw this.unexpected("PRECEDING or FOLLOWING");
  }

  protected parseOrderTerms(): OrderTerm[] {
    const terms: OrderTerm[] = [];
    do {
      const expr = this.parseExpr();
      const desc = this.acceptWord("DESC");
      if (!desc) this.acceptWord("ASC");
      let nulls: OrderTerm["nulls"];
      if (this.acceptWord("NULLS")) {
        if (this.acceptWord("FIRST")) nulls = "FIRST";
        else if (this.acceptWord("LAST")) nulls = "LAST";
        else throw this.unexpected("FIRST or LAST");
      }
      terms.push({ expr, desc, nulls });
    } while (this.acceptOp(","));
    return terms;
  }
}
