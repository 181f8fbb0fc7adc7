import type { Expr } from "./ast.ts";
import { type SourcePos, SqlError } from "./sql-error.ts";
import { asciiUpper } from "./token-stream.ts";

/**
 * The functions a statement may call, by kind. Left out on purpose:
 * anything reaching outside the data (load_extension, readfile, sqlite_*,
 * fts3_tokenizer), change counters, and functions that build huge values
 * from small input (printf/format widths, zeroblob, randomblob).
 */
const SCALAR = new Set(
  (
    "abs char coalesce concat concat_ws hex ifnull iif if instr length lower ltrim nullif " +
    "octet_length quote random replace round rtrim sign substr substring trim typeof unicode " +
    "upper unhex date time datetime julianday strftime unixepoch timediff " +
    "acos acosh asin asinh atan atan2 atanh ceil ceiling cos cosh degrees exp floor ln log " +
    "log10 log2 mod pi pow power radians sin sinh sqrt tan tanh trunc " +
    "json json_array json_array_length json_extract json_object json_type json_valid json_quote " +
    "likely"
  ).split(" "),
);
const AGGREGATE = new Set(
  "avg count group_concat string_agg max min sum total median json_group_array json_group_object".split(
    " ",
  ),
);
const WINDOW = new Set(
  "row_number rank dense_rank percent_rank cume_dist ntile lag lead first_value last_value nth_value".split(
    " ",
  ),
);
/** min/max with several arguments are scalar; with one they aggregate. */
const BOTH = new Set(["min", "max"]);

/** Whether a call of the allow-list is an aggregate (min/max only with one argument). */
export function isAggregateCall(call: Extract<Expr, { kind: "call" }>): boolean {
  const name = call.name.toLowerCase();
  return AGGREGATE.has(name) && !(BOTH.has(name) && call.args.length > 1);
}

const CAST_TYPES: Record<string, string> = {
  TEXT: "TEXT",
  VARCHAR: "TEXT",
  CHAR: "TEXT",
  STRING: "TEXT",
  INTEGER: "INTEGER",
  INT: "INTEGER",
  BIGINT: "INTEGER",
  REAL: "REAL",
  FLOAT: "REAL",
  DOUBLE: "REAL",
  "DOUBLE PRECISION": "REAL",
  NUMERIC: "NUMERIC",
  DECIMAL: "NUMERIC",
  NUMBER: "NUMERIC",
  BOOLEAN: "INTEGER",
};
const COLLATIONS = new Set(["BINARY", "NOCASE", "RTRIM"]);

/** The SQLite type a CAST target maps to, or a SqlError naming the refused type. */
export function castType(type: string, pos?: SourcePos): string {
  const mapped = CAST_TYPES[type];
  if (!mapped)
    throw new SqlError(
      `CAST to '${type}' is not supported; use TEXT, INTEGER, REAL or NUMERIC`,
      pos,
    );
  return mapped;
}

export function collation(name: string, pos?: SourcePos): string {
  const upper = asciiUpper(name);
  if (!COLLATIONS.has(upper))
    throw new SqlError(`Collation '${name}' is not supported; use BINARY, NOCASE or RTRIM`, pos);
  return upper;
}

/** Checks one call against the allow-list; returns the lower-case name to emit. */
export function checkCall(call: Extract<Expr, { kind: "call" }>): string {
  const name = call.name.toLowerCase();
  if (/[^a-z0-9_]/.test(name) || !(SCALAR.has(name) || AGGREGATE.has(name) || WINDOW.has(name)))
    throw new SqlError(`Function '${call.name}' is not allowed`, call.pos);
  const aggregate = AGGREGATE.has(name) && !(BOTH.has(name) && call.args.length > 1);
  if (WINDOW.has(name) && !call.over)
    throw new SqlError(`Function '${call.name}' needs an OVER (…) clause`, call.pos);
  if (!aggregate && !WINDOW.has(name) && (call.distinct || call.filter || call.over))
    throw new SqlError(
      `Function '${call.name}' is not an aggregate, so DISTINCT, FILTER and OVER do not apply`,
      call.pos,
    );
  if (call.star && name !== "count")
    throw new SqlError(`Only count(*) takes '*', not ${call.name}(*)`, call.pos);
  return name;
}
