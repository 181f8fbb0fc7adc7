import { asciiUpper } from "@metabuild/contract";
import type { SourcePos } from "./sql-error.ts";

/**
 * The syntax tree of the metadata dialect. The parser builds only these
 * nodes, so anything SQLite knows but the tree cannot express (PRAGMA,
 * ATTACH, table-valued functions, parameters…) is refused before
 * translation; translation emits SQL from these nodes alone.
 */

/** `@INSTANCES.HUB` → { schema: "@INSTANCES", name: "HUB" }; a CTE name has no schema. */
export interface TableName {
  schema?: string;
  name: string;
  pos: SourcePos;
}

export type Literal = string | number | boolean | null;

export type Expr =
  | { kind: "literal"; value: Literal /** numbers: the validated source text */; raw?: string }
  | { kind: "current"; which: "CURRENT_DATE" | "CURRENT_TIME" | "CURRENT_TIMESTAMP" }
  /** `name`, `t.name` or `@INSTANCES.HUB.name`: qualifier holds the leading parts. */
  | { kind: "column"; qualifier: string[]; name: string; pos: SourcePos }
  | { kind: "unary"; op: "-" | "+" | "~" | "NOT"; expr: Expr }
  | { kind: "binary"; op: string; left: Expr; right: Expr }
  /** IS, IS NOT, IS DISTINCT FROM, IS NOT DISTINCT FROM. */
  | { kind: "is"; not: boolean; distinct: boolean; left: Expr; right: Expr }
  | { kind: "like"; op: "LIKE" | "GLOB"; not: boolean; left: Expr; right: Expr; escape?: Expr }
  | { kind: "between"; not: boolean; expr: Expr; low: Expr; high: Expr }
  | { kind: "in"; not: boolean; expr: Expr; list?: Expr[]; select?: Select }
  | { kind: "exists"; select: Select }
  | { kind: "subquery"; select: Select }
  | { kind: "case"; operand?: Expr; whens: { when: Expr; result: Expr }[]; else?: Expr }
  | { kind: "cast"; expr: Expr; type: string; pos: SourcePos }
  | { kind: "collate"; expr: Expr; collation: string; pos: SourcePos }
  | {
      kind: "call";
      name: string;
      pos: SourcePos;
      distinct: boolean;
      /** `count(*)` */
      star: boolean;
      args: Expr[];
      filter?: Expr;
      over?: WindowSpec;
    }
  /** A parenthesised list of two or more values (a row value). */
  | { kind: "row"; exprs: Expr[] };

export interface WindowSpec {
  partitionBy: Expr[];
  orderBy: OrderTerm[];
  frame?: {
    unit: "ROWS" | "RANGE" | "GROUPS";
    start: FrameBound;
    end?: FrameBound;
  };
}

export type FrameBound =
  | { kind: "UNBOUNDED PRECEDING" | "CURRENT ROW" | "UNBOUNDED FOLLOWING" }
  | { kind: "PRECEDING" | "FOLLOWING"; offset: Expr };

export interface OrderTerm {
  expr: Expr;
  desc: boolean;
  nulls?: "FIRST" | "LAST";
}

export type ResultColumn =
  | { kind: "star" }
  | { kind: "tableStar"; qualifier: string[]; pos: SourcePos }
  /** `text` is the expression as typed: the column's name when it has no alias. */
  | { kind: "expr"; expr: Expr; alias?: string; text: string };

export type FromItem =
  | { kind: "table"; table: TableName; alias?: string }
  | { kind: "subquery"; select: Select; alias?: string }
  | { kind: "join"; join: Join };

export interface Join {
  first: FromItem;
  rest: {
    type: "INNER" | "LEFT" | "RIGHT" | "FULL" | "CROSS" | ",";
    natural: boolean;
    item: FromItem;
    on?: Expr;
    using?: string[];
  }[];
}

export interface SelectCore {
  kind: "core";
  distinct: boolean;
  columns: ResultColumn[];
  from?: Join;
  where?: Expr;
  groupBy: Expr[];
  having?: Expr;
}

export interface ValuesCore {
  kind: "values";
  rows: Expr[][];
}

export interface Cte {
  name: string;
  columns?: string[];
  select: Select;
  pos: SourcePos;
}

export interface Select {
  kind: "select";
  with?: { recursive: boolean; ctes: Cte[] };
  first: SelectCore | ValuesCore;
  compounds: {
    op: "UNION" | "UNION ALL" | "INTERSECT" | "EXCEPT";
    core: SelectCore | ValuesCore;
  }[];
  orderBy: OrderTerm[];
  limit?: Expr;
  offset?: Expr;
}

export interface Insert {
  kind: "insert";
  target: TableName;
  columns?: { name: string; pos: SourcePos }[];
  source: Select;
}

export interface Update {
  kind: "update";
  target: TableName;
  alias?: string;
  set: { column: string; pos: SourcePos; value: Expr }[];
  where?: Expr;
}

export interface Delete {
  kind: "delete";
  target: TableName;
  alias?: string;
  where?: Expr;
}

export interface ColumnDef {
  name: string;
  type?: string;
  pos: SourcePos;
}

export interface CreateTable {
  kind: "create_table";
  target: TableName;
  ifNotExists: boolean;
  columns: ColumnDef[];
}

export interface DropTable {
  kind: "drop_table";
  target: TableName;
  ifExists: boolean;
}

/** `CREATE VIEW @TABLES.<name> AS <select>`: `definition` is the SELECT's text as typed. */
export interface CreateView {
  kind: "create_view";
  target: TableName;
  ifNotExists: boolean;
  select: Select;
  definition: string;
}

export interface DropView {
  kind: "drop_view";
  target: TableName;
  ifExists: boolean;
}

export type Statement =
  | Select
  | Insert
  | Update
  | Delete
  | CreateTable
  | DropTable
  | CreateView
  | DropView;

/** One statement of a script with the text it was parsed from. */
export interface ParsedStatement {
  /** 1-based number in the script. */
  stmtNo: number;
  text: string;
  statement: Statement;
}

/** The result `type` of docs/reference/endpoints.md for each statement kind. */
export function statementType(s: Statement): string {
  return `${s.kind === "select" ? "select" : s.kind}_statement`;
}

export function isWrite(s: Statement): boolean {
  return s.kind !== "select";
}

const KIND_BY_WORD: Record<string, string> = {
  SELECT: "select",
  WITH: "select",
  VALUES: "select",
  CREATE: "create_table",
  DROP: "drop_table",
};

/** The result `type` of a statement that did not parse, from its first word (comments skipped). */
export function statementTypeOfText(text: string): string {
  const stripped = text.replace(/--[^\n]*|\/\*[\s\S]*?(\*\/|$)/g, " ");
  const [first = "", second = ""] = (stripped.match(/[A-Za-z_]+/g) ?? []).map(asciiUpper);
  if (first === "") return "unknown_statement";
  if ((first === "CREATE" || first === "DROP") && second === "VIEW")
    return `${first.toLowerCase()}_view_statement`;
  return `${KIND_BY_WORD[first] ?? first.toLowerCase()}_statement`;
}
