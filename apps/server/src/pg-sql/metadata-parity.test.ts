import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Answer, type TwoStores, startTwoStores } from "../testing/two-stores.ts";

/**
 * The metadata dialect answers the same on PostgreSQL as on SQLite
 * (docs/metadata-sql.md "On PostgreSQL"): the same columns, rows, JS types
 * and, under ORDER BY, order. Every allow-listed function and operator the
 * PostgreSQL dialect supports appears at least once.
 */

/** Statements whose rows come in a defined order (ORDER BY) or are one row. */
const corpus: string[] = [
  // Tables, joins, grouping.
  'SELECT * FROM @INSTANCES.HUB ORDER BY "@INSTANCE", "@POS_NO"',
  'SELECT h."@FOLDER", h.name, h.len, h.type, h.bk FROM @INSTANCES.hub h ORDER BY 1, 2',
  "SELECT * FROM @INSTANCES.LINK",
  "SELECT * FROM @TABLES.T ORDER BY N",
  "SELECT * FROM @TABLES.EMPTY",
  'SELECT l."@INSTANCE", h.NAME FROM @INSTANCES.LINK l JOIN @INSTANCES.HUB h ON h."@INSTANCE" = l.FROM_HUB ORDER BY 2',
  'SELECT h."@INSTANCE", t.A FROM @INSTANCES.HUB h LEFT JOIN @TABLES.T t ON t.N = h.LEN ORDER BY 1, 2',
  "SELECT count(*) FROM @INSTANCES.HUB h CROSS JOIN @TABLES.T",
  'SELECT "@INSTANCE", count(*) AS n, sum(LEN), avg(LEN), min(NAME), max(NAME), total(LEN) FROM @INSTANCES.HUB GROUP BY "@INSTANCE" HAVING count(*) > 1 ORDER BY n DESC, 1',
  'SELECT TYPE, count(DISTINCT "@INSTANCE") FROM @INSTANCES.HUB GROUP BY TYPE ORDER BY TYPE',
  "SELECT count(*) FILTER (WHERE LEN > 10) AS big FROM @INSTANCES.HUB",
  'WITH big AS (SELECT "@INSTANCE" AS i, LEN FROM @INSTANCES.HUB WHERE LEN >= 10) SELECT i, max(LEN) FROM big GROUP BY i ORDER BY i',
  "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 5) SELECT n, n * n AS sq FROM r ORDER BY n",
  'SELECT NAME FROM @INSTANCES.HUB WHERE "@INSTANCE" IN (SELECT FROM_HUB FROM @INSTANCES.LINK) ORDER BY 1',
  "SELECT NAME, (SELECT count(*) FROM @TABLES.T t WHERE t.N > h.LEN) AS c FROM @INSTANCES.HUB h ORDER BY 1",
  "SELECT EXISTS (SELECT 1 FROM @TABLES.T WHERE A = 'apple') AS e",
  "SELECT A FROM @TABLES.T UNION SELECT NAME FROM @INSTANCES.HUB ORDER BY 1",
  "SELECT N FROM @TABLES.T INTERSECT SELECT LEN FROM @INSTANCES.HUB ORDER BY 1",
  "SELECT N FROM @TABLES.T EXCEPT SELECT LEN FROM @INSTANCES.HUB ORDER BY 1",
  "SELECT A, N FROM @TABLES.T ORDER BY N DESC LIMIT 2 OFFSET 1",
  "SELECT A FROM @TABLES.T ORDER BY A",
  "SELECT A FROM @TABLES.T ORDER BY A DESC",
  "SELECT A FROM @TABLES.T ORDER BY A NULLS LAST",
  "SELECT N FROM @TABLES.T ORDER BY N DESC NULLS FIRST",
  "VALUES (1, 'a'), (2, 'b')",
  "SELECT * FROM (VALUES (1, 'x'), (2, 'y')) ORDER BY 1",
  // Windows.
  "SELECT A, N, row_number() OVER (ORDER BY N) AS rn, rank() OVER (ORDER BY B) AS rk, dense_rank() OVER (ORDER BY B) AS dr FROM @TABLES.T ORDER BY N",
  "SELECT N, percent_rank() OVER (ORDER BY N) AS pr, cume_dist() OVER (ORDER BY N) AS cd, ntile(2) OVER (ORDER BY N) AS nt FROM @TABLES.T ORDER BY N",
  "SELECT N, lag(N) OVER (ORDER BY N) AS lg, lead(N, 1, 0) OVER (ORDER BY N) AS ld, first_value(N) OVER (ORDER BY N) AS fv, last_value(N) OVER (ORDER BY N ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING) AS lv, nth_value(N, 2) OVER (ORDER BY N) AS nv FROM @TABLES.T ORDER BY N",
  "SELECT N, sum(N) OVER (PARTITION BY B ORDER BY N ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) AS s FROM @TABLES.T ORDER BY N",
  // Arithmetic, division, concatenation, comparison.
  "SELECT 7 / 2, -7 / 2, 7.0 / 2, 7 / 2.0, 1 / 0, 5 % 0, 7 % 3, -7 % 3, 7.5 % 2, 2.0 * 3, 1e3, 0x1F, 0.1 + 0.2",
  "SELECT N / 2, N % 4, X / 2, X * 2, N + X, N - 1 FROM @TABLES.T ORDER BY N",
  "SELECT LEN / 3, LEN * 1.5, LEN + 1 FROM @INSTANCES.HUB ORDER BY 1, 2",
  "SELECT 'a' || 1, 1 || 2, 1.5 || '', 2.0 || '', 1e20 || '', 0.1 || '', A || N FROM @TABLES.T ORDER BY N",
  "SELECT 1 = 1, 1 = 2, 1 < 2, 'a' < 'b', 'B' < 'a', 1 <> 1.0, 1 == 1, NULL = NULL, 3 != 4",
  "SELECT 5 & 3, 5 | 3, 1 << 4, 256 >> 2, ~5, -N, +N FROM @TABLES.T ORDER BY N",
  "SELECT A FROM @TABLES.T WHERE N BETWEEN 0 AND 7 AND A IS NOT NULL ORDER BY A",
  "SELECT A FROM @TABLES.T WHERE N NOT BETWEEN 0 AND 7 ORDER BY A",
  "SELECT A FROM @TABLES.T WHERE N IN (7, -7) OR A NOT IN ('x') ORDER BY A",
  "SELECT A, A IS NULL, N IS 7, N IS NOT 7, N IS DISTINCT FROM NULL FROM @TABLES.T ORDER BY N",
  "SELECT A FROM @TABLES.T WHERE NOT (N > 0) ORDER BY A",
  "SELECT NAME FROM @INSTANCES.HUB WHERE LEN = '10' ORDER BY 1",
  "SELECT NAME FROM @INSTANCES.HUB WHERE LEN > ' 9 ' AND LEN IN ('10', '100') ORDER BY 1",
  // LIKE and case.
  "SELECT A FROM @TABLES.T WHERE A LIKE 'app%' ORDER BY A",
  "SELECT A FROM @TABLES.T WHERE A LIKE 'APP%' ORDER BY A",
  "SELECT A FROM @TABLES.T WHERE A LIKE 'ÉCLAIR' ORDER BY A",
  "SELECT A FROM @TABLES.T WHERE A NOT LIKE '%a%' ORDER BY A",
  "SELECT A FROM @TABLES.T WHERE A LIKE 'a!_b!%c' ESCAPE '!' ORDER BY A",
  "SELECT A FROM @TABLES.T WHERE A LIKE 'a\\_%' ORDER BY A",
  "SELECT N FROM @TABLES.T WHERE N LIKE '1%' ORDER BY N",
  // CASE, CAST, NULL handling.
  "SELECT A, CASE WHEN N > 5 THEN 'big' WHEN N < 0 THEN 'neg' ELSE 'small' END AS k, CASE N WHEN 7 THEN 'seven' END AS s FROM @TABLES.T ORDER BY N",
  "SELECT CAST('12abc' AS INTEGER), CAST('3.9' AS INTEGER), CAST(3.9 AS INTEGER), CAST('1.50' AS NUMERIC), CAST('x' AS REAL), CAST(5 AS TEXT), CAST(2.0 AS TEXT), CAST('7' AS NUMERIC), CAST(-2.5 AS INTEGER)",
  "SELECT CAST(N AS TEXT), CAST(X AS INTEGER), CAST(A AS REAL), CAST(D AS NUMERIC) FROM @TABLES.T ORDER BY N",
  "SELECT coalesce(A, 'none'), ifnull(N, -1), nullif(N, 7), iif(N > 0, 'pos', 'other'), if(B, 'yes', 'no') FROM @TABLES.T ORDER BY N",
  "SELECT A COLLATE BINARY FROM @TABLES.T ORDER BY 1",
  "SELECT CASE WHEN 1 THEN 'one' END, CASE WHEN 0 THEN 'zero' ELSE 'else' END",
  "SELECT A FROM @TABLES.T WHERE B ORDER BY A",
  "SELECT A FROM @TABLES.T WHERE N AND B ORDER BY A",
  // String functions.
  "SELECT lower(A), upper(A), length(A), octet_length(A), instr(A, 'p'), hex(A), unicode(A) FROM @TABLES.T ORDER BY N",
  "SELECT substr(A, 2), substr(A, 2, 3), substr(A, -3), substr(A, -3, 2), substr(A, 0, 2), substr(A, 3, -2), substring(A, 1, 1) FROM @TABLES.T ORDER BY N",
  "SELECT trim('  x  '), ltrim('  x  '), rtrim('  x  '), trim('xxaxx', 'x'), ltrim('xxa', 'x'), rtrim('axx', 'x')",
  "SELECT replace(A, 'p', 'P'), concat(A, '-', N), concat_ws('/', A, N, X), char(72, 105), typeof(N), typeof(X), typeof(A), typeof(NULL), typeof(1.0), likely(N) FROM @TABLES.T ORDER BY N",
  "SELECT group_concat(A) FROM (SELECT A FROM @TABLES.T WHERE N = 7)",
  "SELECT group_concat(A, '; '), string_agg(N, ',') FROM (SELECT A, N FROM @TABLES.T WHERE N = 12)",
  "SELECT length(123), length(1.5), lower(12), upper('é'), lower('ÄB')",
  // Math.
  "SELECT abs(-3), abs(-3.5), round(2.5), round(-2.5), round(1.2345, 2), round(7), sign(-4), sign(0), sign(2.5)",
  "SELECT ceil(1.5), ceil(2), floor(-1.5), floor(3), trunc(2.7), trunc(-2.7), ceiling(0.5)",
  "SELECT sqrt(16), sqrt(-1), pow(2, 10), power(2.0, 0.5), exp(0), ln(1), ln(0), log(100), log(2, 8), log10(1000), log2(8), pi()",
  "SELECT sin(0), cos(0), tan(0), asin(1), acos(1), atan(1), atan2(1, 1), sinh(0), cosh(0), tanh(0), asinh(0), acosh(1), atanh(0), degrees(pi()), radians(180), mod(7, 3), mod(7.5, 2)",
  "SELECT max(1, 2, 3), min('b', 'a'), max(1, NULL), min(N, 5) FROM @TABLES.T ORDER BY N",
  // Dates.
  "SELECT date(D), time(D), datetime(D), unixepoch(D) FROM @TABLES.T ORDER BY N",
  "SELECT date('2024-01-15 12:00:00'), datetime('2024-01-15'), time('2024-01-15 08:09:10')",
  // Views and the information schema.
  "SELECT * FROM @TABLES.KEYS ORDER BY 1, 2",
  "SELECT * FROM @TABLES.KEYS2 ORDER BY 1, 2",
  "SELECT * FROM @TABLES.NUMS ORDER BY A",
  "SELECT INSTANCE, PATTERN, FOLDER, VERSION, ERRORS, INVALID, DELETED FROM @INFORMATION_SCHEMA.INSTANCES ORDER BY INSTANCE_ID",
  "SELECT INSTANCE, VERSION, SOURCE FROM @INFORMATION_SCHEMA.COMMITS ORDER BY COMMIT_ID",
  "SELECT INSTANCE, LABEL FROM @INFORMATION_SCHEMA.INSTANCE_LABELS ORDER BY 1",
  "SELECT BUILD_STATUS, INSTANCE, VERSION, FILE_NAME FROM @INFORMATION_SCHEMA.DELIVERIES ORDER BY 1",
  "SELECT PATTERN, NAME, LEVEL, VALUE, FOLDER FROM @INFORMATION_SCHEMA.PATTERN_VARIABLES ORDER BY LEVEL",
  "SELECT * FROM @INFORMATION_SCHEMA.TABLES ORDER BY TABLE_SCHEMA, TABLE_NAME",
  "SELECT * FROM @INFORMATION_SCHEMA.COLUMNS ORDER BY TABLE_SCHEMA, TABLE_NAME, ORDINAL_POSITION",
  // Names: case of columns and aliases as SQLite gives them.
  "SELECT a, n AS Num, t.x FROM @TABLES.T t ORDER BY Num",
  "WITH x(Foo) AS (SELECT 1) SELECT foo FROM x",
  "SELECT name FROM (SELECT 1 AS NAME)",
  "SELECT count(*), Count(*) + 1, 'lit', NULL, TRUE, FALSE",
  "SELECT h.NAME, o.NAME FROM @INSTANCES.HUB h JOIN @INSTANCES.HUB o ON o.NAME = h.NAME WHERE h.NAME = 'ID' ORDER BY 1 LIMIT 1",
  "SELECT CURRENT_DATE = date('now'), length(CURRENT_TIMESTAMP), length(CURRENT_TIME)",
  "SELECT typeof(random()), random() = random()",
  // More joins and shapes.
  "SELECT * FROM @TABLES.T NATURAL JOIN @TABLES.NUMS ORDER BY A",
  "SELECT A, N2 FROM @TABLES.T JOIN @TABLES.NUMS USING (A) ORDER BY A",
  "SELECT t.A, v.N2 FROM @TABLES.NUMS v RIGHT JOIN @TABLES.T t ON t.A = v.A ORDER BY t.N",
  "SELECT t.N, h.LEN FROM @TABLES.T t FULL JOIN @INSTANCES.HUB h ON h.LEN = t.N ORDER BY 1, 2",
  "SELECT DISTINCT TYPE FROM @INSTANCES.HUB ORDER BY 1",
  "SELECT TYPE AS k, count(*) AS c FROM @INSTANCES.HUB GROUP BY k HAVING c > 1 ORDER BY k",
  "SELECT LEN * 2 AS dbl, NAME FROM @INSTANCES.HUB WHERE dbl > 20 AND NAME IN (SELECT A AS dbl FROM @TABLES.T WHERE dbl IS NOT NULL) ORDER BY 2",
  "SELECT N AS A, A AS B2 FROM @TABLES.T WHERE A LIKE 'a%' ORDER BY 1",
  "SELECT x FROM (SELECT N * 2 AS x FROM (SELECT N FROM @TABLES.T WHERE N > 0)) ORDER BY x",
  "WITH a AS (SELECT * FROM @TABLES.T), b AS (SELECT A, N FROM a WHERE N > 0) SELECT * FROM b ORDER BY N",
  "WITH a AS (SELECT N FROM @TABLES.T) SELECT * FROM @TABLES.T t WHERE t.N IN (SELECT N FROM a WHERE N > 5) ORDER BY 1",
  "SELECT (SELECT max(N) FROM @TABLES.T) AS m, (SELECT A FROM @TABLES.T WHERE N = 12) AS a",
  "SELECT A, CASE WHEN A IS NULL THEN 'none' WHEN A = 'apple' THEN 'fruit' END FROM @TABLES.T ORDER BY N",
  "SELECT N FROM @TABLES.T WHERE N > (SELECT avg(N) FROM @TABLES.T) ORDER BY N",
  "SELECT B, count(*), sum(X), group_concat(N, '|') FROM (SELECT B, X, N FROM @TABLES.T ORDER BY N) GROUP BY B ORDER BY B",
  'SELECT "@INSTANCE", "@RELEASE", "@DELETED", "@PATTERN" FROM @INSTANCES.HUB WHERE "@POS_NO" = 1 ORDER BY 1',
  'SELECT h.*, l.* FROM @INSTANCES.HUB h, @INSTANCES.LINK l WHERE h."@INSTANCE" = l.TO_HUB ORDER BY h."@POS_NO"',
  "SELECT @INSTANCES.HUB.NAME FROM @INSTANCES.HUB WHERE @INSTANCES.HUB.LEN < 50 ORDER BY 1",
  // json_extract of strings, nulls, missing keys and compact objects and arrays.
  `SELECT json_extract('{"a":"x y","b":[1,"c\\"d"],"n":null}', '$.a') AS a, json_extract('{"a":{"b":[1,"c"]}}', '$.a.b[1]') AS b, json_extract('{"a":{"b":[1,2]}}', '$.a') AS o, json_extract('{"a":[1,{"k":"v w"}]}', '$.a') AS arr, json_extract('{"n":null}', '$.n') AS n, json_extract('{"a":1}', '$.z') AS z, json_extract('{"a":[1]}', '$.a[5]') AS i, json_extract('{"a b":"q"}', '$."a b"') AS q`,
  // More rows than the row limit: cut at the same row, `truncated` on both.
  "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 1500) SELECT n FROM r ORDER BY n",
];

/** Constructs SQLite answers that PostgreSQL cannot answer the same: refused, naming them. */
const refusedOnPostgres: [statement: string, error: string][] = [
  ["SELECT A FROM @TABLES.T WHERE A GLOB 'a*'", "GLOB is not supported on PostgreSQL; use LIKE"],
  [
    "SELECT A FROM @TABLES.T ORDER BY A COLLATE NOCASE",
    "COLLATE NOCASE is not supported on PostgreSQL; compare lower(…) values instead",
  ],
  [
    "SELECT json_extract('{\"a\": 1}', '$.a')",
    "On PostgreSQL, json_extract answers JSON strings, objects and arrays; $.a is a JSON number",
  ],
  [
    "SELECT json_extract('{\"a\": {\"b\": 1}}', '$.a')",
    "On PostgreSQL, json_extract answers an object or array only when its JSON text is compact; $.a is not",
  ],
  [
    "SELECT json_group_array(A) FROM @TABLES.T",
    "Function 'json_group_array' is not supported on PostgreSQL; JSON functions run on SQLite only",
  ],
  [
    "SELECT '{\"x\": 1}' -> '$.x'",
    "The JSON operator '->' is not supported on PostgreSQL; JSON functions run on SQLite only",
  ],
  [
    "SELECT date('now', '+1 day')",
    "date() with modifiers is not supported on PostgreSQL; call date() with one time value only",
  ],
  ["SELECT strftime('%Y', 'now')", "Function 'strftime' is not supported on PostgreSQL"],
  ["SELECT quote(A) FROM @TABLES.T", "Function 'quote' is not supported on PostgreSQL"],
  ["SELECT median(N) FROM @TABLES.T", "Function 'median' is not supported on PostgreSQL"],
];

/** Rows of a statement without ORDER BY come in any order. */
function sorted(a: Answer, statement: string): Answer {
  if (/ORDER BY/i.test(statement) || !a.rows) return a;
  return {
    ...a,
    rows: [...a.rows].sort((x, y) => (JSON.stringify(x) < JSON.stringify(y) ? -1 : 1)),
  };
}

let s: TwoStores;

beforeAll(async () => {
  s = await startTwoStores();
}, 120_000);
afterAll(async () => {
  await s?.close();
});

describe("metadata statements on PostgreSQL answer as on SQLite", () => {
  it.each(refusedOnPostgres)("refuses on PostgreSQL only: %s", async (statement, error) => {
    expect((await s.sqlite(statement)).error).toBeUndefined();
    expect(await s.postgres(statement)).toEqual({ error });
  });

  it("reads a numeric property's text that is no number as NULL (SQLite keeps the text)", async () => {
    const statement = "SELECT NAME, LEN FROM @INSTANCES.HUB WHERE \"@INSTANCE\" = 'odd' ORDER BY 1";
    const lake = { customerId: s.seed.acme.id, projectId: s.seed.lake.id };
    expect((await s.sqlite(statement, lake)).rows).toEqual([
      ["LEADING_ZERO", "007"],
      ["WORD", "ten"],
    ]);
    expect((await s.postgres(statement, lake)).rows).toEqual([
      ["LEADING_ZERO", null],
      ["WORD", null],
    ]);
  });

  it("names an unknown column as SQLite's runner does", async () => {
    const answer = await s.postgresScript("SELECT nope FROM @TABLES.T", 5000);
    expect(answer).toEqual({ error: "Unknown column 'nope'" });
  });

  it("refuses text in arithmetic, which SQLite converts, with a clear message", async () => {
    const answer = await s.postgresScript("SELECT A + 1 FROM @TABLES.T", 5000);
    expect(answer.error).toMatch(/^On PostgreSQL, values of different types do not mix here/);
  });

  it("runs a script's statements in one transaction, answering the last", async () => {
    const answer = await s.postgresScript(
      "SELECT 1; SELECT count(*) AS n FROM @TABLES.T; SELECT A FROM @TABLES.T WHERE N = 7",
      5000,
    );
    expect(answer).toEqual({ columns: ["A"], rows: [["apple"]], truncated: false });
  });

  it.each(corpus)("%s", async (statement) => {
    const lite = await s.sqlite(statement);
    expect(lite.error, `SQLite: ${lite.error}`).toBeUndefined();
    const pg = await s.postgres(statement);
    expect(sorted(pg, statement)).toEqual(sorted(lite, statement));
  });
});
