import type { Expr } from "./ast.ts";
import type { EmittedQuery } from "./emitted.ts";

/**
 * What differs between the SQL the emitter writes for SQLite and for
 * PostgreSQL (docs/metadata-sql.md "On PostgreSQL"). One emitter walks the
 * tree; it asks the dialect only for the pieces below.
 *
 * A template is SQL around operands: `%0`, `%1`, … are operands emitted as
 * values, `%c0` an operand emitted as a condition, `%*` the argument list as
 * the emitter writes it (DISTINCT, each argument through `arg`).
 */
export type Template = string;

/** How a function call is written: a name (arguments as usual) or a whole template. */
export interface CallShape {
  /** The name to write; the allow-list's when not given. */
  name?: string;
  /** Each argument goes through this template (`%0` is the argument). */
  arg?: Template;
  /** Written after the arguments inside the parentheses (a default separator). */
  extra?: string;
  /** The whole call, FILTER and OVER included, inside this template (`%0`). */
  outer?: Template;
  /** Replaces the whole call (scalars only): `%0`… are the arguments. */
  template?: Template;
}

export interface SqlDialect {
  readonly name: "sqlite" | "postgres";
  /** A bound parameter; PostgreSQL numbers them in `finish`. */
  readonly param: string;
  boolean(value: boolean): string;
  /** A number literal, already checked by the emitter. */
  number(raw: string): string;
  current(which: "CURRENT_DATE" | "CURRENT_TIME" | "CURRENT_TIMESTAMP"): string;
  binary(op: string): Template;
  unary(op: "-" | "+" | "~" | "NOT"): Template;
  is(not: boolean, distinct: boolean): Template;
  like(op: "LIKE" | "GLOB", not: boolean, escaped: boolean): Template;
  /** CAST to one of the allow-list's SQLite types (TEXT, INTEGER, REAL, NUMERIC). */
  cast(type: string): Template;
  /** COLLATE with one of the allow-list's collations (BINARY, NOCASE, RTRIM). */
  collate(name: string): Template;
  /** A function of the allow-list (lower-case name); refusals throw a SqlError. */
  call(name: string, call: Extract<Expr, { kind: "call" }>): CallShape;
  /** After an ORDER BY term: SQLite sorts NULLs first ascending, PostgreSQL last. */
  nulls(desc: boolean, nulls: "FIRST" | "LAST" | undefined): string;
  /** Written for an OFFSET without LIMIT. */
  readonly offsetOnly: string;
  /** The WITH keyword of a statement's own WITH clause. */
  with(recursive: boolean): string;
  /** A condition (comparison, AND, …) used as a value. */
  readonly booleanValue: Template;
  /** A value used as a condition (WHERE 1, AND of numbers). */
  readonly condition: Template;
  /** Whether WHERE and HAVING names of result aliases must be written out (SQLite reads them). */
  readonly aliasesInConditions: boolean;
  /** Whether a FROM subquery needs an alias (PostgreSQL 15 refuses one without). */
  readonly subqueryAlias: boolean;
  /**
   * Names as emitted: PostgreSQL compares quoted names exactly, the dialect
   * ASCII case-insensitively, so they are folded (and kept short); the result
   * names are mapped back.
   */
  readonly foldNames: boolean;
  /** Whether a catalog source's columns are renamed by an alias list. */
  readonly sourceColumnList: boolean;
  /** The statement as it is run (PostgreSQL: `?` numbered `$1…`). */
  finish(query: EmittedQuery): EmittedQuery;
  /**
   * A text literal that is no number, compared with a numeric column, where
   * the store cannot compare the two (PostgreSQL): a value above every
   * number, as SQLite orders every text after every number. SQLite: unset.
   */
  readonly textAboveNumbers?: string;
  /**
   * A value of a VALUES column that holds both text and numbers: SQLite types
   * per value, PostgreSQL per column, so each is wrapped (PostgreSQL: as JSON,
   * read back as the JS string or number). SQLite: unset.
   */
  readonly mixedValue?: Template;
}

/** SQLite: the emitter's original output, byte for byte. */
export const SQLITE: SqlDialect = {
  name: "sqlite",
  param: "?",
  boolean: (v) => (v ? "TRUE" : "FALSE"),
  number: (raw) => raw,
  current: (which) => which,
  binary: (op) => `(%0 ${op} %1)`,
  unary: (op) => (op === "NOT" ? "(NOT %c0)" : `(${op}%0)`),
  is: (not, distinct) => `(%0 IS ${not ? "NOT " : ""}${distinct ? "DISTINCT FROM " : ""}%1)`,
  like: (op, not, escaped) => `(%0 ${not ? "NOT " : ""}${op} %1${escaped ? " ESCAPE %2" : ""})`,
  cast: (type) => `CAST(%0 AS ${type})`,
  collate: (name) => `(%0 COLLATE ${name})`,
  call: (name) => ({ name }),
  nulls: (_desc, nulls) => (nulls ? ` NULLS ${nulls}` : ""),
  offsetOnly: " LIMIT -1",
  with: (recursive) => (recursive ? "WITH RECURSIVE " : "WITH "),
  booleanValue: "%0",
  condition: "%0",
  subqueryAlias: false,
  aliasesInConditions: false,
  foldNames: false,
  sourceColumnList: false,
  finish: (q) => q,
};
