import type { seedMetadata } from "./metadata-fixture.ts";

/**
 * The hostile corpus of metadata statements (docs/metadata-sql.md): shared by
 * the SQLite test (routes/v1/metadata/hostile.test.ts) and the PostgreSQL one
 * (pg-sql/hostile-postgres.test.ts), so both stores face the same statements.
 */

export const refused: [category: string, statement: string][] = [
  // Internal tables of the store, named every way SQLite would accept.
  ["internal table", "SELECT * FROM users"],
  ["internal table", "SELECT email, password_hash FROM users"],
  ["internal table", "SELECT * FROM main.users"],
  ["internal table", 'SELECT * FROM "users"'],
  ["internal table", "SELECT * FROM [users]"],
  ["internal table", "SELECT * FROM `users`"],
  ["internal table", "SELECT * FROM instances"],
  ["internal table", "SELECT data FROM instance_rows"],
  ["internal table", "SELECT * FROM grants"],
  ["internal table", "SELECT * FROM metadata_executions"],
  ["internal table", "SELECT * FROM custom_table_rows"],
  ["internal table", "SELECT * FROM revoked_tokens"],
  ["schema table", "SELECT * FROM sqlite_master"],
  ["schema table", "SELECT sql FROM sqlite_schema"],
  ["schema table", "SELECT * FROM sqlite_temp_master"],
  ["schema table", "SELECT * FROM temp.sqlite_master"],
  ["schema table", "SELECT * FROM main.sqlite_master"],
  ["schema table", "SELECT * FROM pg_catalog.pg_tables"],
  ["schema table", "SELECT usename, passwd FROM pg_catalog.pg_user"],
  ["schema table", "SELECT * FROM information_schema.tables"],
  ["schema table", "SELECT * FROM @INFORMATION_SCHEMA.USERS"],
  ["schema table", "SELECT * FROM @INFORMATION_SCHEMA.GRANTS"],
  // Pragmas, attached databases, extensions, files.
  ["pragma", "PRAGMA table_info(users)"],
  ["pragma", "PRAGMA writable_schema = 1"],
  ["pragma", "SELECT 1; PRAGMA database_list"],
  ["pragma", "SELECT * FROM pragma_table_info('users')"],
  ["pragma", "SELECT name FROM pragma_table_list"],
  ["attach", "ATTACH DATABASE '/tmp/x.db' AS x"],
  ["attach", "ATTACH '/etc/passwd' AS p"],
  ["attach", "DETACH DATABASE main"],
  ["extension", "SELECT load_extension('/tmp/evil.so')"],
  ["extension", "SELECT LOAD_EXTENSION('/tmp/evil.so', 'entry')"],
  ["extension", "SELECT fts3_tokenizer('simple')"],
  ["file", "VACUUM INTO '/tmp/copy.db'"],
  ["file", "VACUUM"],
  ["file", "SELECT readfile('/etc/passwd')"],
  ["file", "SELECT writefile('/tmp/x', 'y')"],
  ["engine", "SELECT sqlite_version()"],
  ["engine", "SELECT sqlite_compileoption_get(0)"],
  ["engine", "EXPLAIN SELECT * FROM users"],
  ["engine", "BEGIN; SELECT 1"],
  ["engine", "SELECT 1; COMMIT"],
  // DDL and DML outside @TABLES.
  ["ddl", "CREATE VIEW v AS SELECT * FROM users"],
  ["ddl", "CREATE TRIGGER t AFTER INSERT ON grants BEGIN SELECT 1; END"],
  ["ddl", "CREATE VIRTUAL TABLE x USING fts5(a)"],
  ["ddl", "CREATE TABLE users (a)"],
  ["ddl", 'CREATE TABLE @TABLES."x; DROP TABLE users" (a)'],
  ["ddl", "ALTER TABLE users ADD COLUMN x"],
  ["ddl", "DROP TABLE users"],
  ["dml", "DELETE FROM users"],
  ["dml", "UPDATE users SET admin = 1"],
  ["dml", "INSERT INTO grants VALUES (1, 1, 'access')"],
  ["dml", "REPLACE INTO grants VALUES (1, 1, 'access')"],
  ["dml", "UPDATE @INSTANCES.HUB SET NAME = 'x'"],
  ["dml", "DELETE FROM @INSTANCES.HUB"],
  // Other projects' and customers' rows, through every kind of query.
  ["other project", "SELECT * FROM @TABLES.LOOKUP"],
  ["other project", "DROP TABLE @TABLES.LOOKUP"],
  ["other project", "INSERT INTO @TABLES.LOOKUP VALUES ('x')"],
  ["other customer", "SELECT * FROM @INSTANCES.GLOBEX_ONLY"],
  ["join", 'SELECT * FROM @INSTANCES.HUB h JOIN instances i ON i.id = h."@POS_NO"'],
  ["join", "SELECT * FROM @INSTANCES.HUB NATURAL JOIN users"],
  ["join", "SELECT * FROM @INSTANCES.HUB, main.users"],
  ["subquery", `SELECT * FROM @INSTANCES.HUB WHERE "@INSTANCE" IN (SELECT name FROM instances)`],
  ["subquery", "SELECT (SELECT data FROM instance_rows LIMIT 1) FROM @INSTANCES.HUB"],
  ["subquery", "SELECT * FROM (SELECT * FROM projects) p"],
  [
    "correlated",
    `SELECT * FROM @INSTANCES.HUB h WHERE EXISTS (SELECT 1 FROM projects p WHERE p.id = h."@POS_NO")`,
  ],
  [
    "correlated",
    'SELECT (SELECT count(*) FROM grants g WHERE g.user_id = h."@POS_NO") FROM @INSTANCES.HUB h',
  ],
  ["cte", "WITH x AS (SELECT * FROM instance_rows) SELECT * FROM x"],
  ["cte", "WITH RECURSIVE x AS (SELECT * FROM users UNION ALL SELECT * FROM x) SELECT * FROM x"],
  ["union", "SELECT NAME FROM @INSTANCES.HUB UNION SELECT email FROM users"],
  ["union", "SELECT NAME FROM @INSTANCES.HUB UNION ALL SELECT name FROM sqlite_master"],
  ["union", "SELECT 1 INTERSECT SELECT 1 FROM projects"],
  // Names of the views' own insides.
  ["inside", 'SELECT "instance_rows"."data" FROM @INSTANCES.HUB'],
  ["inside", "SELECT i.project_id FROM @INSTANCES.HUB i"],
  ["inside", 'SELECT "main"."users"."email" FROM @INSTANCES.HUB'],
  ["inside", "SELECT users.email FROM @INSTANCES.HUB"],
  // Quoting and comment tricks.
  ["quoting", "SELECT * FROM us/**/ers"],
  ["quoting", 'SELECT * FROM "user""s"'],
  ["quoting", 'SELECT * FROM @INSTANCES."HUB"" UNION SELECT * FROM users --"'],
  ["quoting", 'SELECT * FROM "@INSTANCES.HUB"'],
  ["quoting", "SELECT * FROM 'users'"],
  ["quoting", "SELECT * FROM @INSTANCES.HUB /* ; */; SELECT * FROM users"],
  ["quoting", "SELECT * FROM @INSTANCES.HUB WHERE NAME = 'x' --\n UNION SELECT email FROM users"],
  ["quoting", 'SELECT * FROM "a\u0000b"'],
  // Case and Unicode variants of names.
  ["case", "SELECT * FROM USERS"],
  ["case", "SELECT * FROM Sqlite_Master"],
  ["case", "SELECT Load_Extension('x')"],
  ["unicode", "SELECT * FROM \uFF35\uFF33\uFF25\uFF32\uFF33"],
  ["unicode", "SELECT * FROM sqlite_ma\u017Fter"],
  ["unicode", "SELECT * FROM us\u0435rs"],
  ["unicode", "SELECT * FROM users\u200B"],
  ["unicode", "SELECT * FROM @\u0406NSTANCES.HUB"],
  ["unicode", "SELECT load_exten\u017Fion('x')"],
  // Names built from strings.
  ["string-built", "SELECT * FROM 'us' || 'ers'"],
  ["string-built", "SELECT * FROM char(117, 115, 101, 114, 115)"],
  ["string-built", "SELECT * FROM @INSTANCES.('HU' || 'B')"],
  ["string-built", "SELECT * FROM json_each((SELECT group_concat(name) FROM sqlite_master))"],
  ["string-built", "SELECT printf('%s', 'users')"],
  // Parameters, blobs, memory bombs.
  ["parameter", "SELECT * FROM @INSTANCES.HUB WHERE NAME = ?"],
  ["parameter", "SELECT * FROM @INSTANCES.HUB WHERE NAME = :name"],
  ["blob", "SELECT X'00'"],
  ["memory", "SELECT zeroblob(1000000000)"],
  ["memory", "SELECT randomblob(1000000000)"],
  ["memory", "SELECT printf('%.*c', 1000000000, 'x')"],
  ["stack", `SELECT ${Array.from({ length: 20000 }, () => "1").join(" + ")}`],
  ["stack", `SELECT ${"(".repeat(100000)}1${")".repeat(100000)}`],
  // Names no one can see (issue 28 item 5, docs/limits.md "Characters of names").
  ["hidden name", 'CREATE TABLE @TABLES."A\u202EB" (X)'],
  ["hidden name", 'CREATE TABLE @TABLES.HIDDEN_COLUMN ("A\u200BB")'],
  ["hidden name", 'CREATE TABLE @TABLES.NUL_COLUMN ("A\u0000B")'],
  ["hidden name", 'CREATE TABLE @TABLES.PROTO_COLUMN ("__proto__")'],
  ["hidden name", `INSERT INTO @INSTANCES.HUB ("@INSTANCE", NAME) VALUES ('X\u202EY', 'n')`],
  [
    "hidden name",
    `INSERT INTO @INSTANCES.HUB ("@INSTANCE", "@FOLDER", NAME) VALUES ('X', '/a\nb', 'n')`,
  ],
  // Views: created with a hostile body, or stored with one (as a hand-made bundle could) and used.
  ["view", "CREATE VIEW @TABLES.V AS SELECT * FROM users"],
  ["view", "CREATE VIEW @TABLES.V AS SELECT sql FROM sqlite_master"],
  ["view", "CREATE VIEW @TABLES.V AS SELECT * FROM (SELECT email FROM main.users)"],
  ["view", "CREATE VIEW @TABLES.V AS SELECT * FROM @TABLES.LOOKUP"],
  ["view", "CREATE VIEW @TABLES.V AS SELECT load_extension('/tmp/evil.so') AS x"],
  ["view", "CREATE VIEW @TABLES.V AS DELETE FROM @TABLES.T"],
  ["view", "CREATE VIEW @TABLES.V AS WITH x AS (SELECT 1) DELETE FROM @TABLES.T"],
  ["view", "CREATE VIEW @TABLES.V AS SELECT * FROM @TABLES.V"],
  ["view", "CREATE VIEW @INSTANCES.HUB AS SELECT 'SECRET' AS NAME"],
  ["view", 'CREATE VIEW @TABLES."@INSTANCES" AS SELECT 1'],
  ["view", "CREATE VIEW users AS SELECT 1"],
  ["view", "CREATE TEMP VIEW @TABLES.V AS SELECT 1"],
  ["view", "CREATE VIEW @TABLES.V (a) AS SELECT 1"],
  ["view", "DROP VIEW sqlite_master"],
  ["view", "DROP VIEW @INFORMATION_SCHEMA.TABLES"],
  ["view", "INSERT INTO @TABLES.H_USERS VALUES (1)"],
  ["stored view", "SELECT * FROM @TABLES.H_USERS"],
  ["stored view", "SELECT * FROM @TABLES.H_MASTER"],
  ["stored view", "SELECT * FROM @TABLES.H_WRITE"],
  ["stored view", "SELECT * FROM @TABLES.H_TWO"],
  ["stored view", "SELECT * FROM @TABLES.H_EXTENSION"],
  ["stored view", "SELECT * FROM @TABLES.H_OTHER_PROJECT"],
  ["stored view", "SELECT * FROM @TABLES.H_CYCLE_A"],
  ["stored view", "SELECT * FROM @TABLES.H_NEST_40"],
  // Issue 28: each level reads the one below eight times; the store would expand 8^6.
  ["stored view", "SELECT count(*) FROM @TABLES.H_FAN_6"],
  ["stored view", "SELECT * FROM @TABLES.H_FAN_5 UNION ALL SELECT * FROM @TABLES.H_FAN_6"],
  [
    "view",
    `CREATE VIEW @TABLES.F AS ${Array(8).fill("SELECT a FROM @TABLES.H_FAN_3").join(" UNION ALL ")}`,
  ],
  [
    "WITH fan-out",
    `WITH ${Array.from(
      { length: 7 },
      (_, k) =>
        `c${k} AS (${
          k === 0
            ? "SELECT 1 AS a UNION ALL SELECT 2"
            : Array(8)
                .fill(`SELECT a FROM c${k - 1}`)
                .join(" UNION ALL ")
        })`,
    ).join(", ")} SELECT count(*) FROM c6`,
  ],
  ["stored view", "SELECT * FROM @TABLES.LAKE_VIEW"],
  ["stored view", "SELECT * FROM @TABLES.GLOBEX_VIEW"],
];

/** Issue 28's nest: level 0 is two rows, each level above reads the one below eight times. */
export function fanOut(prefix: string, level: number): string {
  if (level === 0) return "SELECT 1 AS a UNION ALL SELECT 2";
  return Array(8)
    .fill(`SELECT a FROM @TABLES.${prefix}${level - 1}`)
    .join(" UNION ALL ");
}

/** Views stored as they are, past CREATE VIEW's checks (as a hand-made bundle could): each use must refuse them. */
export function hostileViews(
  s: Awaited<ReturnType<typeof seedMetadata>>,
): [number, string, string][] {
  return [
    [s.dwh.id, "H_USERS", "SELECT email, password_hash FROM users"],
    [s.dwh.id, "H_MASTER", "SELECT sql FROM sqlite_master"],
    [s.dwh.id, "H_WRITE", "DELETE FROM @TABLES.T"],
    [s.dwh.id, "H_TWO", "SELECT 1; SELECT * FROM users"],
    [s.dwh.id, "H_EXTENSION", "SELECT load_extension('/tmp/evil.so') AS x"],
    // LOOKUP exists in LAKE and GLOBEX only: the view reads the caller's project.
    [s.dwh.id, "H_OTHER_PROJECT", "SELECT CODE FROM @TABLES.LOOKUP"],
    [s.dwh.id, "H_CYCLE_A", "SELECT * FROM @TABLES.H_CYCLE_B"],
    [s.dwh.id, "H_CYCLE_B", "SELECT * FROM @TABLES.H_CYCLE_A"],
    [s.dwh.id, "H_NEST_0", "SELECT 1 AS N"],
    ...Array.from({ length: 40 }, (_, k): [number, string, string] => [
      s.dwh.id,
      `H_NEST_${k + 1}`,
      `SELECT N + 1 AS N FROM @TABLES.H_NEST_${k}`,
    ]),
    ...Array.from({ length: 7 }, (_, k): [number, string, string] => [
      s.dwh.id,
      `H_FAN_${k}`,
      fanOut("H_FAN_", k),
    ]),
    [s.lake.id, "LAKE_VIEW", "SELECT CODE FROM @TABLES.LOOKUP"],
    [s.foreign.id, "GLOBEX_VIEW", "SELECT CODE FROM @TABLES.LOOKUP"],
  ];
}

export const runaway: [category: string, statement: string][] = [
  [
    "recursive CTE",
    "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT count(*) FROM r",
  ],
  [
    "recursive CTE",
    "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT n FROM r ORDER BY n DESC LIMIT 1",
  ],
  [
    "cross join",
    "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 100000) SELECT count(*) FROM r a, r b",
  ],
  [
    "cross join",
    `SELECT count(*) FROM ${Array.from({ length: 14 }, (_, k) => `@INSTANCES.HUB h${k}`).join(", ")}`,
  ],
  [
    "view",
    "CREATE VIEW @TABLES.R AS WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT n FROM r; SELECT count(*) FROM @TABLES.R",
  ],
];

/**
 * Templates that grow a text without bound (issue 28 finding 3): LiquidJS's
 * memoryLimit counts neither `capture` nor output, so each must be stopped by
 * the per-file render limit (docs/limits.md "Rendered output") while it
 * renders. Unguarded, each stays at a few MB, so a test that sees one pass
 * cannot exhaust the machine.
 */
export const growingTemplates: [category: string, body: string][] = [
  [
    "capture doubling",
    "{% capture s %}ab{% endcapture %}{% for i in (1..21) %}{% capture s %}{{ s }}{{ s }}{% endcapture %}{% endfor %}{{ s | size }}",
  ],
  [
    "capture appending",
    "{% for i in (1..40000) %}{% capture s %}{{ s }}0123456789{% endcapture %}{% endfor %}{{ s | size }}",
  ],
  [
    "assign doubling",
    '{% assign s = "ab" %}{% for i in (1..21) %}{% assign s = s | append: s %}{% endfor %}{{ s | size }}',
  ],
  [
    "assign join",
    '{% assign s = "abc" %}{% for i in (1..12) %}{% assign s = s | split: "" | join: "xy" %}{% endfor %}{{ s | size }}',
  ],
  ["output loop", "{% for i in (1..200000) %}0123456789{% endfor %}"],
  ["output tablerow", "{% tablerow i in (1..100000) %}x{% endtablerow %}"],
  [
    "output of a capture",
    "{% capture s %}{% for i in (1..20000) %}0123456789{% endfor %}{% endcapture %}{% for i in (1..10) %}{{ s }}{% endfor %}",
  ],
];

/**
 * Names another project or customer holds, each with the same statement naming
 * something that exists nowhere: both must answer the same error, so a
 * statement never tells what other tenants have (issue 28 item 5).
 */
export const crossTenant: [category: string, foreign: string, missing: string][] = [
  [
    "other customer's pattern",
    "SELECT * FROM @INSTANCES.GLOBEX_ONLY",
    "SELECT * FROM @INSTANCES.NO_SUCH",
  ],
  [
    "other customer's pattern",
    "INSERT INTO @INSTANCES.GLOBEX_ONLY (\"@INSTANCE\", \"@FOLDER\", NAME) VALUES ('i', '/f', 'x')",
    "INSERT INTO @INSTANCES.NO_SUCH (\"@INSTANCE\", \"@FOLDER\", NAME) VALUES ('i', '/f', 'x')",
  ],
  ["other project's table", "SELECT * FROM @TABLES.LOOKUP", "SELECT * FROM @TABLES.NO_SUCH"],
  ["other project's table", "DROP TABLE @TABLES.LOOKUP", "DROP TABLE @TABLES.NO_SUCH"],
  [
    "other project's table",
    "INSERT INTO @TABLES.LOOKUP VALUES ('x')",
    "INSERT INTO @TABLES.NO_SUCH VALUES ('x')",
  ],
  ["other customer's view", "SELECT * FROM @TABLES.GLOBEX_VIEW", "SELECT * FROM @TABLES.NO_SUCH"],
  ["other project's view", "DROP VIEW @TABLES.LAKE_VIEW", "DROP VIEW @TABLES.NO_SUCH"],
];

/** The foreign name of a crossTenant statement, to compare its error with the missing one's. */
export function foreignName(statement: string): string {
  return /@(?:INSTANCES|TABLES)\.(\w+)/.exec(statement)?.[1] ?? "";
}

/**
 * Bundles whose cost is the attack (docs/limits.md "Cost of one request"),
 * for a server with METABUILD_BUNDLE_MAX_ITEMS at 20,000 and the default
 * depth: each is refused with the status given, in the worker thread that
 * parses it, and writes nothing (routes/console/bundles/bundle-cost.test.ts).
 */
export const hostileBundles: [category: string, type: string, body: string, status: number][] = [
  ["deep YAML", "application/yaml", `version: 1\ncustomer: Acme\nx: ${"[".repeat(250_000)}`, 400],
  ["deep YAML", "application/yaml", `version: 1\ncustomer: Acme\nx: ${"{a: ".repeat(60_000)}`, 400],
  [
    "deep YAML",
    "application/yaml",
    `version: 1\ncustomer: Acme\nx:\n${"- ".repeat(100_000)}x\n`,
    400,
  ],
  [
    "deep YAML",
    "application/yaml",
    `version: 1\ncustomer: Acme\nx:\n${Array.from({ length: 200 }, (_, k) => `${" ".repeat(k)}a:`).join("\n")} 1\n`,
    400,
  ],
  [
    "deep JSON",
    "application/json",
    `{"version":1,"x":${"[".repeat(500_000)}${"]".repeat(500_000)}}`,
    400,
  ],
  [
    "alias bomb",
    "application/yaml",
    `version: 1\ncustomer: Acme\na: &a [x, x, x, x, x, x, x, x, x, x]\n${Array.from(
      { length: 9 },
      (_, k) =>
        `${String.fromCharCode(98 + k)}: &${String.fromCharCode(98 + k)} [${Array(10)
          .fill(`*${String.fromCharCode(97 + k)}`)
          .join(", ")}]`,
    ).join("\n")}\n`,
    400,
  ],
  [
    "many entries",
    "application/json",
    JSON.stringify({
      version: 1,
      customer: "Acme",
      release_groups: [
        { name: "core", releases: Array.from({ length: 30_000 }, (_, i) => `R${i}`) },
      ],
    }),
    413,
  ],
  [
    "many entries",
    "application/yaml",
    `version: 1\ncustomer: Acme\nprojects: [{ name: DWH, instances: [{ pattern: HUB, folder: /f, name: X, rows: [${"{}, ".repeat(20_001)}] }] }]\n`,
    413,
  ],
  ["many entries", "application/json", `{"version":1,"x":[${"[],".repeat(30_000)}[]]}`, 413],
];
