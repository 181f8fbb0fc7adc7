import type { Expr } from "./ast.ts";
import type { CallShape, SqlDialect, Template } from "./dialect.ts";
import type { EmittedQuery } from "./emitted.ts";
import { SqlError } from "./sql-error.ts";

/**
 * The dialect's SQL for PostgreSQL (docs/metadata-sql.md "On PostgreSQL").
 * SQLite types values per value; PostgreSQL per column. Numbers keep
 * SQLite's integer/real distinction as `numeric` scale (0: integer), and the
 * operators and functions whose result depends on it go through small
 * functions of the `metabuild_sql` schema (packages/db/src/pg-sql/functions.ts)
 * that give SQLite's answer. What cannot give the same answer is refused
 * here, naming the construct.
 */

const F = "metabuild_sql";
/** A value as SQLite's text (numbers as SQLite prints them). */
const TXT = `${F}.txt(%0)`;
const FLOAT = "CAST(%0 AS double precision)";

function refuse(what: string, hint = ""): never {
  throw new SqlError(`${what} is not supported on PostgreSQL${hint ? `; ${hint}` : ""}`);
}

const ARITHMETIC: Record<string, string> = {
  "+": "add",
  "-": "sub",
  "*": "mul",
  "/": "div",
  "%": "mod",
};

/** Functions written as another name or template; arity is checked where it matters. */
const CALLS: Record<string, CallShape | ((call: Call) => CallShape)> = {
  abs: { name: "abs" },
  char: { name: `${F}.chr` },
  coalesce: { name: "coalesce" },
  ifnull: { name: "coalesce" },
  nullif: { name: "nullif" },
  iif: (c) => ({
    template:
      c.args.length === 2 ? "CASE WHEN %c0 THEN %1 END" : "CASE WHEN %c0 THEN %1 ELSE %2 END",
  }),
  if: (c) => ({
    template:
      c.args.length === 2 ? "CASE WHEN %c0 THEN %1 END" : "CASE WHEN %c0 THEN %1 ELSE %2 END",
  }),
  concat: { name: "concat", arg: TXT },
  concat_ws: { name: "concat_ws", arg: TXT },
  hex: { template: `${F}.hex(${TXT})` },
  instr: { template: `strpos(${TXT}, ${F}.txt(%1))` },
  length: { template: `length(${TXT})` },
  lower: { template: `${F}.lower(${TXT})` },
  upper: { template: `${F}.upper(${TXT})` },
  ltrim: { name: "ltrim", arg: TXT },
  rtrim: { name: "rtrim", arg: TXT },
  trim: { name: "btrim", arg: TXT },
  octet_length: { template: `octet_length(${TXT})` },
  random: { template: `${F}.random()` },
  replace: { name: "replace", arg: TXT },
  round: { name: `${F}.round` },
  sign: { name: "sign" },
  substr: (c) => ({ template: `${F}.substr(${TXT}, %1${c.args.length > 2 ? ", %2" : ""})` }),
  substring: (c) => ({ template: `${F}.substr(${TXT}, %1${c.args.length > 2 ? ", %2" : ""})` }),
  typeof: { name: `${F}.typeof` },
  unicode: { template: `${F}.unicode(${TXT})` },
  likely: { template: "%0" },
  date: (c) => dateCall("date", c),
  time: (c) => dateCall("time", c),
  datetime: (c) => dateCall("datetime", c),
  unixepoch: (c) => dateCall("unixepoch", c),
  ceil: { name: `${F}.ceil` },
  ceiling: { name: `${F}.ceil` },
  floor: { name: `${F}.floor` },
  trunc: { name: `${F}.trunc` },
  mod: { name: `${F}.fmod`, arg: FLOAT },
  log: (c) => ({
    template:
      c.args.length === 1
        ? `${F}.log10(CAST(%0 AS double precision))`
        : `${F}.logb(CAST(%0 AS double precision), CAST(%1 AS double precision))`,
  }),
  log10: { name: `${F}.log10`, arg: FLOAT },
  log2: { name: `${F}.log2`, arg: FLOAT },
  ln: { name: `${F}.ln`, arg: FLOAT },
  sqrt: { name: `${F}.sqrt`, arg: FLOAT },
  acos: { name: `${F}.acos`, arg: FLOAT },
  asin: { name: `${F}.asin`, arg: FLOAT },
  acosh: { name: `${F}.acosh`, arg: FLOAT },
  atanh: { name: `${F}.atanh`, arg: FLOAT },
  pi: { template: "pi()" },
  pow: { name: `${F}.pow`, arg: FLOAT },
  power: { name: `${F}.pow`, arg: FLOAT },
  // Aggregates.
  avg: { name: "avg" },
  count: { name: "count" },
  max: (c) => (c.args.length > 1 ? { name: `${F}.greatest` } : { name: "max" }),
  min: (c) => (c.args.length > 1 ? { name: `${F}.least` } : { name: "min" }),
  sum: { name: "sum" },
  total: { name: "sum", arg: FLOAT, outer: "coalesce(%0, 0)" },
  group_concat: (c) => ({
    name: "string_agg",
    arg: TXT,
    extra: c.args.length === 1 ? ", ','" : undefined,
  }),
  string_agg: { name: "string_agg", arg: TXT },
  // Text answers only: a JSON number or boolean is refused when met (packages/db/src/pg-sql/json.ts).
  json_extract: (c) =>
    c.args.length === 2
      ? { template: `${F}.json_extract(${TXT}, ${F}.txt(%1))` }
      : refuse("json_extract() with several paths", "extract one path at a time"),
};

/** Plain double-precision functions with the same name and answer in both. */
for (const name of "atan atan2 cos cosh degrees exp radians sin sinh tan tanh asinh".split(" "))
  CALLS[name] = { name, arg: FLOAT };
/** Window functions: the same names and answers. */
for (const name of "row_number rank dense_rank percent_rank cume_dist ntile lag lead first_value last_value nth_value".split(
  " ",
))
  CALLS[name] = { name };

type Call = Extract<Expr, { kind: "call" }>;

/** date(x), time(x), datetime(x), unixepoch(x): one time value, no modifiers. */
function dateCall(name: string, c: Call): CallShape {
  if (c.args.length === 0) return { template: `${F}.${name}('now')` };
  if (c.args.length > 1)
    refuse(`${name}() with modifiers`, `call ${name}() with one time value only`);
  return { template: `${F}.${name}(${TXT})` };
}

/** `?` placeholders become `$1…` in order; quoted names and strings are skipped. */
export function numberParams(sql: string): string {
  let n = 0;
  let out = "";
  let k = 0;
  while (k < sql.length) {
    const c = sql[k];
    if (c === '"' || c === "'") {
      let end = k + 1;
      for (;;) {
        end = sql.indexOf(c, end);
        if (end < 0) throw new SqlError("Internal error: an unterminated quote in emitted SQL");
        if (sql[end + 1] === c) end += 2;
        else break;
      }
      out += sql.slice(k, end + 1);
      k = end + 1;
      continue;
    }
    out += c === "?" ? `$${++n}` : c;
    k++;
  }
  return out;
}

/** A whole number written with an exponent or a trailing point is real in SQLite. */
function realLiteral(raw: string): string {
  if (/^0[xX]/.test(raw)) return BigInt(raw).toString();
  if (!/[.eE]/.test(raw)) return raw;
  const value = Number(raw);
  if (Number.isInteger(value) && Math.abs(value) < 1e21) return `${BigInt(value)}.0`;
  return raw.endsWith(".") ? `${raw}0` : raw;
}

const NOT_SUPPORTED: Record<string, string> = {
  quote: "",
  unhex: "it answers binary values",
  julianday: "use unixepoch()",
  strftime: "",
  timediff: "",
  median: "",
  json: "JSON functions run on SQLite only",
};

export const POSTGRES: SqlDialect = {
  name: "postgres",
  // Parameters are strings (numbers are literals), compared byte-wise as SQLite does.
  param: '(CAST(? AS text) COLLATE "C")',
  boolean: (v) => (v ? "1" : "0"),
  number: realLiteral,
  current: (which) =>
    `to_char(now() AT TIME ZONE 'UTC', '${
      which === "CURRENT_DATE"
        ? "YYYY-MM-DD"
        : which === "CURRENT_TIME"
          ? "HH24:MI:SS"
          : "YYYY-MM-DD HH24:MI:SS"
    }')`,
  binary(op) {
    if (op in ARITHMETIC) return `${F}.${ARITHMETIC[op]}(%0, %1)`;
    if (op === "||") return `(${F}.txt(%0) || ${F}.txt(%1))`;
    if (op === "==") return "(%0 = %1)";
    if (op === "->" || op === "->>")
      refuse(`The JSON operator '${op}'`, "JSON functions run on SQLite only");
    return `(%0 ${op} %1)`;
  },
  unary: (op) => (op === "NOT" ? "(NOT %c0)" : `(${op}%0)`),
  is: (not, distinct) =>
    distinct
      ? `(%0 IS ${not ? "NOT " : ""}DISTINCT FROM %1)`
      : `(%0 IS ${not ? "" : "NOT "}DISTINCT FROM %1)`,
  like(op, not, escaped) {
    if (op === "GLOB") refuse("GLOB", "use LIKE");
    // SQLite's LIKE folds ASCII letters only and has no escape character unless given.
    return `(${F}.lower(${TXT}) ${not ? "NOT " : ""}LIKE ${F}.lower(${F}.txt(%1)) ESCAPE ${escaped ? "%2" : "''"})`;
  },
  cast(type) {
    const to: Record<string, Template> = {
      TEXT: TXT,
      INTEGER: `${F}.to_integer(%0)`,
      REAL: `${F}.to_real(%0)`,
      NUMERIC: `${F}.to_numeric(%0)`,
    };
    return to[type] ?? refuse(`CAST to ${type}`);
  },
  collate(name) {
    if (name !== "BINARY") refuse(`COLLATE ${name}`, "compare lower(…) values instead");
    return '(%0 COLLATE "C")';
  },
  call(name, call) {
    const shape = CALLS[name];
    if ((name.startsWith("json") && name !== "json_extract") || name in NOT_SUPPORTED || !shape)
      refuse(`Function '${call.name}'`, NOT_SUPPORTED[name.startsWith("json") ? "json" : name]);
    return typeof shape === "function" ? shape(call) : shape;
  },
  // SQLite sorts NULLs first ascending and last descending; PostgreSQL the other way.
  nulls: (desc, nulls) => ` NULLS ${nulls ?? (desc ? "LAST" : "FIRST")}`,
  offsetOnly: "",
  // PostgreSQL needs RECURSIVE for a query that reads itself; SQLite does not.
  with: () => "WITH RECURSIVE ",
  booleanValue: "CAST(%0 AS integer)",
  condition: `${F}.truth(%0)`,
  subqueryAlias: true,
  aliasesInConditions: true,
  foldNames: true,
  sourceColumnList: true,
  finish: (q: EmittedQuery) => ({ sql: numberParams(q.sql), params: q.params }),
  // Above every finite number: `LEN = 'ten'` is false, `LEN < 'ten'` true, as in SQLite.
  textAboveNumbers: "CAST('Infinity' AS numeric)",
  mixedValue: "to_json(%0)",
};
