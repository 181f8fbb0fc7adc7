import type {
  ColumnDef,
  CreateTable,
  Delete,
  DropTable,
  FromItem,
  Insert,
  Join,
  ParsedStatement,
  ResultColumn,
  Select,
  SelectCore,
  Statement,
  TableName,
  Update,
  ValuesCore,
} from "./ast.ts";
import { ExpressionParser } from "./expression-parser.ts";
import { tokenize } from "./lexer.ts";
import { SqlError, syntaxError } from "./sql-error.ts";
import { asciiUpper } from "./token-stream.ts";

const JOIN_WORDS = ["JOIN", "INNER", "LEFT", "RIGHT", "FULL", "CROSS", "NATURAL"];
const ALLOWED = "SELECT, INSERT, UPDATE, DELETE, CREATE TABLE and DROP TABLE";

const MAX_TREE_DEPTH = 1000;

/** How deep a syntax tree nests (objects and arrays), measured without recursion. */
function treeDepth(root: object): number {
  let max = 0;
  const stack: [object, number][] = [[root, 1]];
  for (let top = stack.pop(); top; top = stack.pop()) {
    const [node, depth] = top;
    if (depth > max) max = depth;
    for (const v of Object.values(node)) if (v && typeof v === "object") stack.push([v, depth + 1]);
  }
  return max;
}

/** Parses a script: statements separated by `;`. Throws SqlError with the position. */
export function parseScript(text: string): ParsedStatement[] {
  let parser: StatementParser;
  try {
    parser = new StatementParser(text);
  } catch (e) {
    if (e instanceof SqlError && e.pos) throw lexicalError(text, e, e.pos.offset);
    throw e;
  }
  return parser.parseAll();
}

/** A token error belongs to the statement it is in: count the `;` before it. */
function lexicalError(text: string, e: SqlError, offset: number): ScriptError {
  const before = tokenize(text.slice(0, offset));
  let stmtNo = 1;
  let start = 0;
  let seen = false;
  for (const t of before) {
    if (t.kind === "op" && t.value === ";") {
      if (seen) stmtNo++;
      seen = false;
      start = t.end;
    } else if (t.kind !== "eof") seen = true;
  }
  const end = text.indexOf(";", offset);
  return new ScriptError(e, stmtNo, text.slice(start, end < 0 ? text.length : end).trim());
}

class StatementParser extends ExpressionParser {
  parseAll(): ParsedStatement[] {
    const out: ParsedStatement[] = [];
    for (;;) {
      while (this.acceptOp(";"));
      if (this.atEnd()) return out;
      const start = this.tok.pos.offset;
      const stmtNo = out.length + 1;
      let statement: Statement;
      try {
        const first = this.tok;
        statement = this.parseStatement();
        if (!this.isOp(";") && !this.atEnd())
          throw this.unexpected("';' or the end of the statement");
        // Long operator chains nest without recursion in the parser, but every later step recurses.
        if (treeDepth(statement) > MAX_TREE_DEPTH)
          throw syntaxError(first.pos, "the statement nests too deeply; split long expressions");
      } catch (e) {
        if (e instanceof SqlError) throw new ScriptError(e, stmtNo, this.statementTextFrom(start));
        throw e;
      }
      out.push({ stmtNo, text: this.text.slice(start, this.lastEnd), statement });
    }
  }

  /** The failing statement's text up to the next `;` (for the result's `sql`). */
  private statementTextFrom(start: number): string {
    const end = this.text.indexOf(";", Math.max(start, this.tok.pos.offset));
    return this.text.slice(start, end < 0 ? this.text.length : end).trim();
  }

  private parseStatement(): Statement {
    const t = this.tok;
    if (this.startsSelect()) return this.parseSelect();
    if (this.isWord("INSERT")) return this.parseInsert();
    if (this.isWord("UPDATE")) return this.parseUpdate();
    if (this.isWord("DELETE")) return this.parseDelete();
    if (this.isWord("CREATE")) return this.parseCreate();
    if (this.isWord("DROP")) return this.parseDrop();
    if (t.kind === "ident" && !t.quoted)
      throw syntaxError(
        t.pos,
        `${asciiUpper(t.value)} statements are not allowed; the dialect runs ${ALLOWED}`,
      );
    throw this.unexpected(`a statement (${ALLOWED})`);
  }

  parseSelect(): Select {
    return this.nested(() => {
      const select: Select = {
        kind: "select",
        first: undefined as never,
        compounds: [],
        orderBy: [],
      };
      if (this.acceptWord("WITH")) {
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
        select.with = { recursive, ctes };
      }
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
    });
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

  private parseTableName(): TableName {
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

  private parseInsert(): Insert {
    this.next();
    if (this.isWord("OR")) throw syntaxError(this.tok.pos, "INSERT OR … is not supported");
    this.expectWord("INTO");
    const target = this.parseTableName();
    let columns: Insert["columns"];
    if (this.acceptOp("(")) {
      columns = [];
      do columns.push(this.expectName("a column name"));
      while (this.acceptOp(","));
      this.expectOp(")");
    }
    if (this.isWord("DEFAULT")) throw syntaxError(this.tok.pos, "DEFAULT VALUES is not supported");
    if (!this.startsSelect()) throw this.unexpected("VALUES or SELECT");
    const source = this.parseSelect();
    this.refuseTail("INSERT");
    return { kind: "insert", target, columns, source };
  }

  private parseUpdate(): Update {
    this.next();
    if (this.isWord("OR")) throw syntaxError(this.tok.pos, "UPDATE OR … is not supported");
    const target = this.parseTableName();
    const alias = this.isWord("SET") ? undefined : this.optionalAlias();
    this.expectWord("SET");
    const set: Update["set"] = [];
    do {
      const { name, pos } = this.expectName("a column name");
      this.expectOp("=");
      set.push({ column: name, pos, value: this.parseExpr() });
    } while (this.acceptOp(","));
    if (this.isWord("FROM"))
      throw syntaxError(this.tok.pos, "UPDATE … FROM is not supported; use a subquery");
    const where = this.acceptWord("WHERE") ? this.parseExpr() : undefined;
    this.refuseTail("UPDATE");
    return { kind: "update", target, alias, set, where };
  }

  private parseDelete(): Delete {
    this.next();
    this.expectWord("FROM");
    const target = this.parseTableName();
    const alias = this.isWord("WHERE") ? undefined : this.optionalAlias();
    const where = this.acceptWord("WHERE") ? this.parseExpr() : undefined;
    this.refuseTail("DELETE");
    return { kind: "delete", target, alias, where };
  }

  /** RETURNING, ON CONFLICT, ORDER BY/LIMIT on writes: SQLite has them, the dialect does not. */
  private refuseTail(kind: string): void {
    for (const w of ["RETURNING", "ON", "ORDER", "LIMIT"])
      if (this.isWord(w)) throw syntaxError(this.tok.pos, `${w} is not supported in ${kind}`);
  }

  private parseCreate(): CreateTable {
    const start = this.next();
    if (!this.acceptWord("TABLE")) {
      const what = this.tok.kind === "ident" ? asciiUpper(this.tok.value) : "this";
      throw syntaxError(start.pos, `CREATE ${what} is not allowed; only CREATE TABLE in @TABLES`);
    }
    const ifNotExists = this.acceptWord("IF", "NOT", "EXISTS");
    const target = this.parseTableName();
    if (this.isWord("AS"))
      throw syntaxError(
        this.tok.pos,
        "CREATE TABLE … AS SELECT is not supported; create the table, then INSERT … SELECT",
      );
    this.expectOp("(");
    const columns: ColumnDef[] = [];
    do columns.push(this.parseColumnDef());
    while (this.acceptOp(","));
    this.expectOp(")");
    return { kind: "create_table", target, ifNotExists, columns };
  }

  /**
   * `name [type]`. Constraints are refused: custom tables keep the bundle
   * format (name and datatype), which has no place for them.
   */
  private parseColumnDef(): ColumnDef {
    const { name, pos } = this.expectName("a column name");
    const words: string[] = [];
    while (this.tok.kind === "ident" && !this.tok.quoted && !this.isConstraint())
      words.push(asciiUpper(this.next().value));
    if (this.acceptOp("(")) {
      // VARCHAR(20): the size does not change how values are kept.
      while (this.tok.kind === "number" || this.isOp(",")) this.next();
      this.expectOp(")");
    }
    if (this.tok.kind === "ident" && !this.tok.quoted)
      throw syntaxError(
        this.tok.pos,
        `column constraints (${asciiUpper(this.tok.value)}) are not supported in @TABLES`,
      );
    return { name, type: words.length ? words.join(" ") : undefined, pos };
  }

  private isConstraint(): boolean {
    return [
      "NOT",
      "NULL",
      "PRIMARY",
      "UNIQUE",
      "CHECK",
      "DEFAULT",
      "REFERENCES",
      "COLLATE",
      "CONSTRAINT",
      "GENERATED",
      "AS",
    ].some((w) => this.isWord(w));
  }

  private parseDrop(): DropTable {
    const start = this.next();
    if (!this.acceptWord("TABLE")) {
      const what = this.tok.kind === "ident" ? asciiUpper(this.tok.value) : "this";
      throw syntaxError(start.pos, `DROP ${what} is not allowed; only DROP TABLE in @TABLES`);
    }
    const ifExists = this.acceptWord("IF", "EXISTS");
    return { kind: "drop_table", target: this.parseTableName(), ifExists };
  }
}

/** A refused statement of a script: the result reports it as statement `stmtNo`. */
export class ScriptError extends Error {
  constructor(
    readonly reason: SqlError,
    readonly stmtNo: number,
    readonly statementText: string,
  ) {
    super(reason.message);
    this.name = "ScriptError";
  }
}
