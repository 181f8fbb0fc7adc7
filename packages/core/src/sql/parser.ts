import type {
  ColumnDef,
  CreateTable,
  CreateView,
  Delete,
  DropTable,
  DropView,
  Insert,
  ParsedStatement,
  Statement,
  Update,
} from "./ast.ts";
import { tokenize } from "./lexer.ts";
import { SelectParser } from "./select-parser.ts";
import { SqlError, syntaxError } from "./sql-error.ts";
import { asciiUpper } from "./token-stream.ts";

const ALLOWED = "SELECT, INSERT, UPDATE, DELETE, CREATE TABLE|VIEW and DROP TABLE|VIEW";

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

/** A script of statements: SELECT (from SelectParser) and the writes the dialect allows. */
class StatementParser extends SelectParser {
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
    if (this.isWord("WITH")) return this.parseWithStatement();
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

  /**
   * WITH before a statement: a SELECT, or an INSERT whose rows' SELECT gets
   * the queries (as SQLite reads `WITH … INSERT`). UPDATE and DELETE take
   * subqueries instead.
   */
  private parseWithStatement(): Statement {
    this.next();
    const outer = this.parseWithClause();
    if (this.isWord("UPDATE") || this.isWord("DELETE"))
      throw syntaxError(
        this.tok.pos,
        `WITH … ${asciiUpper(this.tok.value)} is not supported; use a subquery in the statement instead`,
      );
    if (!this.isWord("INSERT")) return this.parseSelectAfterWith(outer);
    const insert = this.parseInsert();
    const inner = insert.source.with;
    insert.source.with = {
      recursive: outer.recursive || (inner?.recursive ?? false),
      ctes: [...outer.ctes, ...(inner?.ctes ?? [])],
    };
    return insert;
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

  private parseCreate(): CreateTable | CreateView {
    const start = this.next();
    if (this.acceptWord("VIEW")) return this.parseCreateView();
    if (!this.acceptWord("TABLE")) {
      const what = this.tok.kind === "ident" ? asciiUpper(this.tok.value) : "this";
      throw syntaxError(
        start.pos,
        `CREATE ${what} is not allowed; only CREATE TABLE and CREATE VIEW in @TABLES`,
      );
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

  /** The SELECT is kept as typed (docs/metadata-sql.md "Views"): each use translates it again. */
  private parseCreateView(): CreateView {
    const ifNotExists = this.acceptWord("IF", "NOT", "EXISTS");
    const target = this.parseTableName();
    if (this.isOp("("))
      throw syntaxError(
        this.tok.pos,
        "a column list is not supported in CREATE VIEW; name the columns with AS",
      );
    this.expectWord("AS");
    if (!this.startsSelect()) throw this.unexpected("SELECT");
    const start = this.tok.pos.offset;
    const select = this.parseSelect();
    return {
      kind: "create_view",
      target,
      ifNotExists,
      select,
      definition: this.text.slice(start, this.lastEnd),
    };
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

  private parseDrop(): DropTable | DropView {
    const start = this.next();
    if (this.acceptWord("VIEW")) {
      const ifExists = this.acceptWord("IF", "EXISTS");
      return { kind: "drop_view", target: this.parseTableName(), ifExists };
    }
    if (!this.acceptWord("TABLE")) {
      const what = this.tok.kind === "ident" ? asciiUpper(this.tok.value) : "this";
      throw syntaxError(
        start.pos,
        `DROP ${what} is not allowed; only DROP TABLE and DROP VIEW in @TABLES`,
      );
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
