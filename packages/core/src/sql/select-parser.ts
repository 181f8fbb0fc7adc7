import type {
  FromItem,
  Join,
  ResultColumn,
  Select,
  SelectCore,
  TableName,
  ValuesCore,
} from "./ast.ts";
import { ExpressionParser } from "./expression-parser.ts";
import { syntaxError } from "./sql-error.ts";

const JOIN_WORDS = ["JOIN", "INNER", "LEFT", "RIGHT", "FULL", "CROSS", "NATURAL"];

/**
 * SELECT of the dialect: WITH, compound cores, VALUES, joins, subqueries in
 * FROM, ORDER BY and LIMIT. The statement parser adds the writes on top.
 */
export class SelectParser extends ExpressionParser {
  parseSelect(): Select {
    return this.nested(() =>
      this.parseSelectAfterWith(this.acceptWord("WITH") ? this.parseWithClause() : undefined),
    );
  }

  /** The queries of a WITH clause, the word WITH already read. */
  protected parseWithClause(): NonNullable<Select["with"]> {
    const recursive = this.acceptWord("RECURSIVE");
    const ctes: NonNullable<Select["with"]>["ctes"] = [];
    do {
      const { name, pos } = this.expectName("a name for the WITH query");
      let columns: string[] | undefined;
      if (this.acceptOp("(")) {
        columns = this.parseNameList();
        this.expectOp(")");
      }
      this.expectWord("AS");
      if (this.acceptWord("NOT", "MATERIALIZED") || this.acceptWord("MATERIALIZED")) {
        // Planner hints: accepted and left to SQLite's defaults.
      }
      this.expectOp("(");
      ctes.push({ name, columns, select: this.parseSelect(), pos });
      this.expectOp(")");
    } while (this.acceptOp(","));
    return { recursive, ctes };
  }

  /** A SELECT (or VALUES) after its WITH clause, if any. */
  protected parseSelectAfterWith(w: Select["with"]): Select {
    const select: Select = {
      kind: "select",
      first: undefined as never,
      compounds: [],
      orderBy: [],
    };
    if (w) select.with = w;
    select.first = this.parseCore();
    for (;;) {
      let op: Select["compounds"][number]["op"];
      if (this.acceptWord("UNION")) op = this.acceptWord("ALL") ? "UNION ALL" : "UNION";
      else if (this.acceptWord("INTERSECT")) op = "INTERSECT";
      else if (this.acceptWord("EXCEPT")) op = "EXCEPT";
      else break;
      select.compounds.push({ op, core: this.parseCore() });
    }
    if (this.acceptWord("ORDER", "BY")) select.orderBy = this.parseOrderTerms();
    if (this.acceptWord("LIMIT")) {
      const first = this.parseExpr();
      if (this.acceptWord("OFFSET")) {
        select.limit = first;
        select.offset = this.parseExpr();
      } else if (this.acceptOp(",")) {
        // SQLite's `LIMIT offset, count`.
        select.offset = first;
        select.limit = this.parseExpr();
      } else select.limit = first;
    }
    return select;
  }

  private parseCore(): SelectCore | ValuesCore {
    if (this.acceptWord("VALUES")) {
      const rows: ValuesCore["rows"] = [];
      do {
        this.expectOp("(");
        rows.push(this.parseExprList());
        this.expectOp(")");
      } while (this.acceptOp(","));
      return { kind: "values", rows };
    }
    if (!this.isWord("SELECT")) throw this.unexpected("SELECT or VALUES");
    this.next();
    const distinct = this.acceptWord("DISTINCT");
    if (!distinct) this.acceptWord("ALL");
    const core: SelectCore = { kind: "core", distinct, columns: [], groupBy: [] };
    do core.columns.push(this.parseResultColumn());
    while (this.acceptOp(","));
    if (this.acceptWord("FROM")) core.from = this.parseJoin();
    if (this.acceptWord("WHERE")) core.where = this.parseExpr();
    if (this.acceptWord("GROUP", "BY")) core.groupBy = this.parseExprList();
    if (this.acceptWord("HAVING")) core.having = this.parseExpr();
    if (this.isWord("WINDOW"))
      throw syntaxError(this.tok.pos, "WINDOW clauses are not supported; write OVER (…)");
    return core;
  }

  private parseResultColumn(): ResultColumn {
    if (this.acceptOp("*")) return { kind: "star" };
    // `t.*`, `@INSTANCES.HUB.*`
    let k = 0;
    while (this.isName(this.peek(k)) && this.isOp(".", this.peek(k + 1))) k += 2;
    if (k > 0 && this.isOp("*", this.peek(k))) {
      const pos = this.tok.pos;
      const qualifier: string[] = [];
      for (let j = 0; j < k; j += 2) qualifier.push(this.peek(j).value);
      this.i += k + 1;
      return { kind: "tableStar", qualifier, pos };
    }
    const start = this.tok.pos.offset;
    const expr = this.parseExpr();
    const text = this.text.slice(start, this.lastEnd);
    return { kind: "expr", expr, text, alias: this.optionalAlias() };
  }

  private parseJoin(): Join {
    const join: Join = { first: this.parseFromItem(), rest: [] };
    for (;;) {
      let type: Join["rest"][number]["type"];
      let natural = false;
      if (this.acceptOp(",")) type = ",";
      else if (JOIN_WORDS.some((w) => this.isWord(w))) {
        natural = this.acceptWord("NATURAL");
        if (this.acceptWord("LEFT")) type = "LEFT";
        else if (this.acceptWord("RIGHT")) type = "RIGHT";
        else if (this.acceptWord("FULL")) type = "FULL";
        else if (this.acceptWord("CROSS")) type = "CROSS";
        else {
          this.acceptWord("INNER");
          type = "INNER";
        }
        if (type === "LEFT" || type === "RIGHT" || type === "FULL") this.acceptWord("OUTER");
        this.expectWord("JOIN");
      } else return join;
      const item = this.parseFromItem();
      const step: Join["rest"][number] = { type, natural, item };
      if (this.acceptWord("ON")) step.on = this.parseExpr();
      else if (this.acceptWord("USING")) {
        this.expectOp("(");
        step.using = this.parseNameList();
        this.expectOp(")");
      }
      join.rest.push(step);
    }
  }

  private parseFromItem(): FromItem {
    if (this.acceptOp("(")) {
      if (this.startsSelect()) {
        const select = this.parseSelect();
        this.expectOp(")");
        return { kind: "subquery", select, alias: this.optionalAlias() };
      }
      const join = this.nested(() => this.parseJoin());
      this.expectOp(")");
      return { kind: "join", join };
    }
    const table = this.parseTableName();
    if (this.isOp("("))
      throw syntaxError(table.pos, "table-valued functions are not allowed in FROM");
    if (this.isWord("INDEXED") || this.isWord("NOT"))
      throw syntaxError(this.tok.pos, "index hints are not supported");
    return { kind: "table", table, alias: this.optionalAlias() };
  }

  protected parseTableName(): TableName {
    const first = this.expectName("a table name");
    if (!this.acceptOp(".")) return { name: first.name, pos: first.pos };
    const second = this.expectName("a table name after the '.'");
    if (this.isOp(".")) throw syntaxError(this.tok.pos, "a table name has at most 2 parts");
    return { schema: first.name, name: second.name, pos: first.pos };
  }

  private parseNameList(): string[] {
    const names = [this.expectName("a column name").name];
    while (this.acceptOp(",")) names.push(this.expectName("a column name").name);
    return names;
  }
}
