/**
 * The `metabuild_sql` schema: functions the PostgreSQL dialect emits
 * (packages/core/src/sql/dialect-postgres.ts) so that operators and functions
 * answer as SQLite does (docs/metadata-sql.md "On PostgreSQL"). Numbers keep
 * SQLite's integer/real distinction as `numeric` scale: scale 0 is an
 * integer, anything else a real (a whole real carries `.0`).
 */

import { JSON_EXTRACT } from "./json.ts";

const S = "metabuild_sql";

/** `name(args) RETURNS type` as one SQL expression of `$1`, `$2`. */
function fn(signature: string, returns: string, body: string, volatile = false): string {
  return `CREATE OR REPLACE FUNCTION ${S}.${signature} RETURNS ${returns} LANGUAGE sql ${
    volatile ? "VOLATILE" : "IMMUTABLE"
  } PARALLEL SAFE AS $f$ SELECT ${body} $f$;`;
}

const INTS = ["integer", "bigint"];
const NUMBERS = ["integer", "bigint", "numeric", "double precision"];

/** A double as a SQLite real: a whole value keeps one decimal (`3.0`). */
const REAL = `${S}.real`;

function arithmetic(): string[] {
  const out: string[] = [];
  for (const t of INTS) {
    out.push(fn(`add(${t}, ${t})`, t, "$1 + $2"));
    out.push(fn(`sub(${t}, ${t})`, t, "$1 - $2"));
    out.push(fn(`mul(${t}, ${t})`, t, "$1 * $2"));
    out.push(fn(`div(${t}, ${t})`, t, "CASE WHEN $2 = 0 THEN NULL ELSE $1 / $2 END"));
    out.push(fn(`mod(${t}, ${t})`, t, "CASE WHEN $2 = 0 THEN NULL ELSE $1 % $2 END"));
  }
  const both = "scale($1) = 0 AND scale($2) = 0";
  for (const [name, op] of [
    ["add", "+"],
    ["sub", "-"],
    ["mul", "*"],
  ]) {
    out.push(
      fn(
        `${name}(numeric, numeric)`,
        "numeric",
        `CASE WHEN ${both} THEN $1 ${op} $2 ELSE ${REAL}(CAST($1 AS double precision) ${op} CAST($2 AS double precision)) END`,
      ),
    );
    out.push(fn(`${name}(double precision, double precision)`, "double precision", `$1 ${op} $2`));
  }
  out.push(
    fn(
      "div(numeric, numeric)",
      "numeric",
      `CASE WHEN $2 = 0 THEN NULL WHEN ${both} THEN trunc($1 / $2) ELSE ${REAL}(CAST($1 AS double precision) / CAST($2 AS double precision)) END`,
    ),
    fn(
      "div(double precision, double precision)",
      "double precision",
      "CASE WHEN $2 = 0 THEN NULL ELSE $1 / $2 END",
    ),
    // SQLite's % works on the integer parts; with a real operand the answer is real.
    fn(
      "mod(numeric, numeric)",
      "numeric",
      `CASE WHEN trunc($2) = 0 THEN NULL WHEN ${both} THEN $1 % $2 ELSE round(trunc($1) % trunc($2), 1) END`,
    ),
    fn(
      "mod(double precision, double precision)",
      "double precision",
      "CASE WHEN trunc($2) = 0 THEN NULL ELSE CAST(trunc(CAST($1 AS numeric)) % trunc(CAST($2 AS numeric)) AS double precision) END",
    ),
  );
  return out;
}

/** Text as SQLite writes a value: integers plainly, reals with `.0` or `e+NN` as `%!.15g` would. */
function text(): string[] {
  return [
    fn(
      "real_text(double precision)",
      "text",
      `CASE WHEN $1 IS NULL THEN NULL
        WHEN $1 = 'Infinity' THEN 'Inf' WHEN $1 = '-Infinity' THEN '-Inf'
        WHEN CAST($1 AS text) ~ 'e' THEN regexp_replace(CAST($1 AS text), '^(-?[0-9]+)e', '\\1.0e')
        WHEN CAST($1 AS text) ~ '\\.' THEN CAST($1 AS text)
        ELSE CAST($1 AS text) || '.0' END`,
    ),
    fn("txt(text)", "text", "$1"),
    fn("txt(integer)", "text", "CAST($1 AS text)"),
    fn("txt(bigint)", "text", "CAST($1 AS text)"),
    fn(
      "txt(numeric)",
      "text",
      `CASE WHEN scale($1) = 0 THEN CAST($1 AS text) ELSE ${S}.real_text(CAST($1 AS double precision)) END`,
    ),
    fn("txt(double precision)", "text", `${S}.real_text($1)`),
    fn("txt(boolean)", "text", "CASE WHEN $1 THEN '1' WHEN NOT $1 THEN '0' END"),
    fn(
      "lower(text)",
      "text",
      "translate($1, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz')",
    ),
    fn(
      "upper(text)",
      "text",
      "translate($1, 'abcdefghijklmnopqrstuvwxyz', 'ABCDEFGHIJKLMNOPQRSTUVWXYZ')",
    ),
    fn("hex(text)", "text", "upper(encode(convert_to(coalesce($1, ''), 'UTF8'), 'hex'))"),
    fn("unicode(text)", "integer", "CASE WHEN $1 = '' THEN NULL ELSE ascii($1) END"),
    fn(
      "chr(VARIADIC bigint[])",
      "text",
      "(SELECT string_agg(chr(CAST(c AS integer)), '' ORDER BY o) FROM unnest($1) WITH ORDINALITY AS u(c, o) WHERE c > 0)",
    ),
  ];
}

/** Conversions as SQLite's CAST and affinity do them. */
function conversions(): string[] {
  const number = "'^\\s*([+-]?([0-9]+(\\.[0-9]*)?|\\.[0-9]+)([eE][+-]?[0-9]+)?)'";
  return [
    fn(
      "real(double precision)",
      "numeric",
      "CASE WHEN $1 = trunc($1) THEN round(CAST($1 AS numeric), 1) ELSE CAST(CAST($1 AS text) AS numeric) END",
    ),
    fn(
      "to_integer(text)",
      "bigint",
      "CASE WHEN $1 IS NOT NULL THEN coalesce(CAST(substring($1 from '^\\s*([+-]?[0-9]{1,18})') AS bigint), 0) END",
    ),
    fn("to_integer(bigint)", "bigint", "$1"),
    // SQLite clamps to the 64-bit range.
    fn(
      "to_integer(numeric)",
      "numeric",
      "CASE WHEN $1 IS NOT NULL THEN greatest(least(trunc($1), 9223372036854775807), -9223372036854775808) END",
    ),
    fn("to_integer(double precision)", "bigint", "CAST(trunc($1) AS bigint)"),
    fn(
      "to_real(text)",
      "numeric",
      `CASE WHEN $1 IS NOT NULL THEN ${REAL}(coalesce(CAST(substring($1 from ${number}) AS double precision), 0)) END`,
    ),
    fn("to_real(bigint)", "numeric", "round(CAST($1 AS numeric), 1)"),
    fn("to_real(numeric)", "numeric", `${REAL}(CAST($1 AS double precision))`),
    fn("to_real(double precision)", "numeric", `${REAL}($1)`),
    fn("to_numeric(text)", "numeric", `${S}.to_numeric(${S}.to_real($1))`),
    fn("to_numeric(bigint)", "numeric", "$1"),
    fn(
      "to_numeric(numeric)",
      "numeric",
      "CASE WHEN $1 = trunc($1) AND abs($1) < 9223372036854775807 THEN trunc($1) ELSE $1 END",
    ),
    fn("to_numeric(double precision)", "numeric", `${S}.to_numeric(${REAL}($1))`),
    // A numeric property: a number where its text is one as SQLite writes it, else NULL.
    fn(
      "property_number(text)",
      "numeric",
      `CASE WHEN ${S}.txt(${S}.to_numeric($1)) = $1 THEN ${S}.to_numeric($1) END`,
    ),
    // SQLite's JSON reads a whole number beyond 64 bits as a real.
    fn(
      "json_numeric(numeric)",
      "numeric",
      "CASE WHEN scale($1) = 0 AND abs($1) > 9223372036854775807 THEN round($1, 1) ELSE $1 END",
    ),
    // A number of a custom table's JSON row; text in a numeric column reads as NULL.
    fn(
      "json_number(jsonb)",
      "numeric",
      `CASE WHEN jsonb_typeof($1) = 'number' THEN ${S}.json_numeric(CAST($1 #>> '{}' AS numeric)) END`,
    ),
    ...NUMBERS.map((t) => fn(`truth(${t})`, "boolean", "$1 <> 0")),
    fn("truth(text)", "boolean", `${S}.to_real($1) <> 0`),
    fn("truth(boolean)", "boolean", "$1"),
    ...["integer", "bigint"].map((t) =>
      fn(`typeof(${t})`, "text", "CASE WHEN $1 IS NULL THEN 'null' ELSE 'integer' END"),
    ),
    fn(
      "typeof(numeric)",
      "text",
      "CASE WHEN $1 IS NULL THEN 'null' WHEN scale($1) = 0 THEN 'integer' ELSE 'real' END",
    ),
    fn("typeof(double precision)", "text", "CASE WHEN $1 IS NULL THEN 'null' ELSE 'real' END"),
    fn("typeof(text)", "text", "CASE WHEN $1 IS NULL THEN 'null' ELSE 'text' END"),
    fn("typeof(boolean)", "text", "CASE WHEN $1 IS NULL THEN 'null' ELSE 'integer' END"),
  ];
}

/** Math: SQLite answers NULL where PostgreSQL would raise (log of 0, sqrt of -1, …). */
function math(): string[] {
  const d = "double precision";
  return [
    fn(`round(numeric)`, "numeric", "round(round($1), 1)"),
    fn(`round(numeric, integer)`, "numeric", "round(round($1, greatest($2, 0)), greatest($2, 1))"),
    fn(`round(${d})`, "numeric", "round(round(CAST($1 AS numeric)), 1)"),
    fn(
      `round(${d}, integer)`,
      "numeric",
      "round(round(CAST($1 AS numeric), greatest($2, 0)), greatest($2, 1))",
    ),
    fn("ceil(numeric)", "numeric", "CASE WHEN scale($1) = 0 THEN $1 ELSE round(ceil($1), 1) END"),
    fn("floor(numeric)", "numeric", "CASE WHEN scale($1) = 0 THEN $1 ELSE round(floor($1), 1) END"),
    fn("trunc(numeric)", "numeric", "CASE WHEN scale($1) = 0 THEN $1 ELSE round(trunc($1), 1) END"),
    fn(`ceil(${d})`, d, "ceil($1)"),
    fn(`floor(${d})`, d, "floor($1)"),
    fn(`trunc(${d})`, d, "trunc($1)"),
    fn(`fmod(${d}, ${d})`, d, "CASE WHEN $2 = 0 THEN NULL ELSE $1 - $2 * trunc($1 / $2) END"),
    fn(`log10(${d})`, d, "CASE WHEN $1 > 0 THEN log($1) END"),
    fn(
      `log2(${d})`,
      d,
      "CASE WHEN $1 > 0 THEN CAST(log(2, CAST($1 AS numeric)) AS double precision) END",
    ),
    fn(`logb(${d}, ${d})`, d, "CASE WHEN $1 > 0 AND $1 <> 1 AND $2 > 0 THEN ln($2) / ln($1) END"),
    fn(`ln(${d})`, d, "CASE WHEN $1 > 0 THEN ln($1) END"),
    fn(`sqrt(${d})`, d, "CASE WHEN $1 >= 0 THEN sqrt($1) END"),
    fn(`acos(${d})`, d, "CASE WHEN $1 BETWEEN -1 AND 1 THEN acos($1) END"),
    fn(`asin(${d})`, d, "CASE WHEN $1 BETWEEN -1 AND 1 THEN asin($1) END"),
    fn(`acosh(${d})`, d, "CASE WHEN $1 >= 1 THEN acosh($1) END"),
    fn(`atanh(${d})`, d, "CASE WHEN $1 > -1 AND $1 < 1 THEN atanh($1) END"),
    fn(
      `pow(${d}, ${d})`,
      d,
      "CASE WHEN ($1 = 0 AND $2 < 0) OR ($1 < 0 AND $2 <> trunc($2)) THEN NULL ELSE power($1, $2) END",
    ),
    fn(
      "greatest(VARIADIC anycompatiblearray)",
      "anycompatible",
      "CASE WHEN array_position($1, NULL) IS NULL THEN (SELECT max(v) FROM unnest($1) v) END",
    ),
    fn(
      "least(VARIADIC anycompatiblearray)",
      "anycompatible",
      "CASE WHEN array_position($1, NULL) IS NULL THEN (SELECT min(v) FROM unnest($1) v) END",
    ),
    fn(
      "random()",
      "bigint",
      "CAST(floor(random() * 18446744073709551615) - 9223372036854775807 AS bigint)",
      true,
    ),
  ];
}

/** SQLite's substr(): 1-based, negative starts count from the end, negative lengths go left. */
const SUBSTR = [
  `CREATE OR REPLACE FUNCTION ${S}.substr_of(x text, y bigint, z bigint, whole boolean)
RETURNS text LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $f$
DECLARE p1 bigint := y; p2 bigint := z; neg boolean := false; len bigint;
BEGIN
  IF x IS NULL OR y IS NULL OR (z IS NULL AND NOT whole) THEN RETURN NULL; END IF;
  len := length(x);
  IF whole THEN p2 := len + 1; END IF;
  IF p2 < 0 THEN p2 := -p2; neg := true; END IF;
  IF p1 < 0 THEN
    p1 := p1 + len;
    IF p1 < 0 THEN p2 := p2 + p1; IF p2 < 0 THEN p2 := 0; END IF; p1 := 0; END IF;
  ELSIF p1 > 0 THEN p1 := p1 - 1;
  ELSIF p2 > 0 THEN p2 := p2 - 1;
  END IF;
  IF neg THEN p1 := p1 - p2; IF p1 < 0 THEN p2 := p2 + p1; p1 := 0; END IF; END IF;
  RETURN substr(x, (p1 + 1)::integer, greatest(p2, 0)::integer);
END $f$;`,
  fn("substr(text, bigint)", "text", `${S}.substr_of($1, $2, NULL, true)`),
  fn("substr(text, bigint, bigint)", "text", `${S}.substr_of($1, $2, $3, false)`),
];

/** SQLite's time values: 'now' or YYYY-MM-DD[ HH:MM[:SS[.SSS]]]; anything else NULL. */
const TIME = `CREATE OR REPLACE FUNCTION ${S}.ts(x text) RETURNS timestamp
LANGUAGE plpgsql STABLE PARALLEL SAFE AS $f$
BEGIN
  IF x = 'now' THEN RETURN now() AT TIME ZONE 'UTC'; END IF;
  IF x !~ '^\\d{4}-\\d{2}-\\d{2}([ T]\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?)?$' THEN RETURN NULL; END IF;
  RETURN CAST(x AS timestamp);
EXCEPTION WHEN others THEN RETURN NULL;
END $f$;`;

function times(): string[] {
  const stable = (signature: string, returns: string, body: string) =>
    fn(signature, returns, body).replace("IMMUTABLE", "STABLE");
  return [
    TIME,
    stable("date(text)", "text", `to_char(${S}.ts($1), 'YYYY-MM-DD')`),
    stable("time(text)", "text", `to_char(${S}.ts($1), 'HH24:MI:SS')`),
    stable("datetime(text)", "text", `to_char(${S}.ts($1), 'YYYY-MM-DD HH24:MI:SS')`),
    stable("unixepoch(text)", "bigint", `CAST(floor(extract(epoch FROM ${S}.ts($1))) AS bigint)`),
  ];
}

/** Every statement that creates the schema's functions, in order (each is idempotent). */
export function metadataFunctionsSql(): string[] {
  return [
    `CREATE SCHEMA IF NOT EXISTS ${S}`,
    // Used by the others: defined first.
    ...conversions().slice(0, 1),
    ...text(),
    ...conversions().slice(1),
    ...arithmetic(),
    ...math(),
    ...SUBSTR,
    ...times(),
    JSON_EXTRACT,
  ];
}

export const METADATA_FUNCTIONS_SCHEMA = S;
