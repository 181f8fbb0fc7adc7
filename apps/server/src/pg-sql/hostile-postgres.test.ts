import { schema } from "@metabuild/db";
import { type Catalog, POSTGRES, parseScript, translate } from "@metabuild/core";
import {
  METADATA_READER_ROLE,
  beginReaderTransaction,
  loadReaderCatalog,
  selectRowsForWrite,
  timeLimitMessage,
} from "@metabuild/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  crossTenant,
  foreignName,
  hostileViews,
  refused,
  runaway,
} from "../testing/hostile-corpus.ts";
import { type TwoStores, startTwoStores } from "../testing/two-stores.ts";

/**
 * The hostile corpus on PostgreSQL (docs/metadata-sql.md "On PostgreSQL"):
 * every statement SQLite refuses is refused here too, runaway statements
 * stop at the time limit with SQLite's message, PostgreSQL's own ways out
 * (catalogs, file and large-object functions, settings, COPY, chaining)
 * reach nothing, and the reader role with row level security holds even
 * for SQL that never went through the emitter.
 */
const TIME_LIMIT_MS = 1500;
const SECRET = /SECRET|\$2[aby]\$|eve@globex/;

/** PostgreSQL's own ways out, beyond the shared corpus. */
const postgresOnly: string[] = [
  "SELECT * FROM pg_catalog.pg_authid",
  "SELECT rolname, rolpassword FROM pg_authid",
  "SELECT * FROM pg_stat_activity",
  "SELECT * FROM pg_settings",
  "SELECT * FROM information_schema.role_table_grants",
  "SELECT pg_read_file('/etc/passwd')",
  "SELECT pg_read_binary_file('/etc/passwd')",
  "SELECT pg_ls_dir('.')",
  "SELECT lo_import('/etc/passwd')",
  "SELECT lo_get(1)",
  "SELECT current_setting('metabuild.project_id')",
  "SELECT set_config('metabuild.project_id', '3', true)",
  "SELECT set_config('role', 'postgres', true)",
  "SELECT current_user, session_user",
  "SELECT version()",
  "SELECT pg_sleep(10)",
  "SELECT dblink('dbname=postgres', 'SELECT email FROM users')",
  "SELECT query_to_xml('SELECT * FROM users', true, true, '')",
  "SELECT * FROM dblink('dbname=postgres', 'SELECT 1') AS t(x int)",
  "COPY users TO STDOUT",
  "COPY (SELECT * FROM users) TO '/tmp/x'",
  "SELECT 1; DROP TABLE users",
  "SELECT 1; SET ROLE postgres; SELECT * FROM users",
  "SET ROLE postgres",
  "RESET ROLE",
  "SET search_path = pg_catalog",
  "SELECT * FROM @TABLES.T t, LATERAL (SELECT * FROM users) u",
  "SELECT $1",
  "SELECT 1::text",
  "SELECT E'\\x41'",
  "SELECT U&'\\0041'",
  "SELECT $$users$$",
  "SELECT metabuild_sql.txt(1)",
  'SELECT "metabuild_sql"."substr_of"(\'a\', 1, 1, true)',
  "SELECT txt(1)",
  "SELECT * FROM metabuild_sql.ts('now')",
  "SELECT * FROM generate_series(1, 10)",
  "SELECT * FROM @TABLES.T WHERE A = 'x' OR 1=1 UNION SELECT email FROM users",
  "SELECT CODE FROM @TABLES.LAKE_VIEW",
  "SELECT * FROM @TABLES.GLOBEX_VIEW",
  "LISTEN metabuild",
  "NOTIFY metabuild, 'x'",
  "DO $$ BEGIN PERFORM 1; END $$",
  "CALL x()",
  "PREPARE p AS SELECT 1",
  "DECLARE c CURSOR FOR SELECT * FROM users",
  "SELECT * FROM ONLY instances",
  "TABLE users",
];

let s: TwoStores;

beforeAll(async () => {
  s = await startTwoStores(async (db, seed) => {
    for (const [projectId, name, definition] of hostileViews(seed))
      await db.insert(schema.customViews).values({ projectId, name, definition });
  });
}, 120_000);
afterAll(async () => {
  await s?.close();
});

function named([category, statement]: [string, string]): [string, string, string] {
  const label =
    statement.length > 100 ? `${statement.slice(0, 60)}… (${statement.length} chars)` : statement;
  return [category, label, statement];
}

async function expectNoData(statement: string): Promise<string> {
  const answer = await s.postgresScript(statement, TIME_LIMIT_MS);
  expect(answer.unrun, "a write the harness cannot run").toBeUndefined();
  expect(answer.rows).toBeUndefined();
  expect(typeof answer.error).toBe("string");
  expect(answer.error).not.toMatch(SECRET);
  return answer.error as string;
}

describe("metadata statements on PostgreSQL: hostile corpus", () => {
  // DROP TABLE of another project's table passes translation; the domain's drop (one code
  // path for both stores, not this harness) refuses it as unknown.
  const translated = new Set(["DROP TABLE @TABLES.LOOKUP"]);
  // Hidden names are refused by the domain's INSERT (one code path for both stores, checked by
  // hostile.test.ts on PostgreSQL too), not by this harness, which runs no write.
  const domainWrites = (c: string) => c === "hidden name";
  it.each(refused.filter(([c, t]) => !translated.has(t) && !domainWrites(c)).map(named))(
    "refuses (%s): %s",
    async (_category, _label, statement) => {
      expect(await expectNoData(statement)).not.toContain("time limit");
    },
  );

  // The view case creates its view first: writes run through the domain (not this harness).
  it.each(runaway.filter(([c]) => c !== "view").map(named))(
    "stops at the time limit (%s): %s",
    async (_category, _label, statement) => {
      expect(await expectNoData(statement)).toBe(timeLimitMessage(TIME_LIMIT_MS));
    },
    60_000,
  );

  it.each(postgresOnly)("refuses PostgreSQL's own way out: %s", async (statement) => {
    expect(await expectNoData(statement)).not.toContain("time limit");
  });

  // Reads only: writes run through the domain, not this harness (as above).
  it.each(crossTenant.filter(([, foreign]) => foreign.startsWith("SELECT")))(
    "answers a name of %s as a missing one: %s",
    async (_category, foreign, missing) => {
      const error = await expectNoData(foreign);
      expect(error.replaceAll(foreignName(foreign), "NO_SUCH")).toBe(await expectNoData(missing));
    },
  );

  it("still answers after the corpus", async () => {
    const answer = await s.postgresScript("SELECT count(*) AS n FROM @INSTANCES.HUB", 5000);
    expect(answer).toEqual({ columns: ["n"], rows: [[6]], truncated: false });
  });
});

/**
 * The second wall: SQL run as the reader role, as if the emitter had let it
 * through, sees only the project's rows and nothing else of the store.
 */
describe("the reader role on PostgreSQL", () => {
  async function asReader<T>(projectId: number, customerId: number, sql: string): Promise<T[]> {
    const client = await s.pool.connect();
    try {
      await beginReaderTransaction(client, { projectId, customerId }, 5000);
      return (await client.query(sql)).rows as T[];
    } finally {
      await client.query("ROLLBACK");
      client.release();
    }
  }
  const dwh = () => [s.seed.dwh.id, s.seed.acme.id] as const;

  it("sees only the project's instances, rows, tables and labels", async () => {
    const [p, c] = dwh();
    const names = await asReader<{ name: string }>(p, c, "SELECT name FROM instances");
    expect(names.map((r) => r.name).sort()).toEqual([
      "customer",
      "customer_order",
      "invoice",
      "order",
    ]);
    const data = await asReader<{ data: string }>(
      p,
      c,
      "SELECT data FROM instance_rows UNION ALL SELECT data FROM custom_table_rows UNION ALL SELECT name FROM labels",
    );
    expect(JSON.stringify(data)).not.toMatch(SECRET);
    const patterns = await asReader<{ name: string }>(p, c, "SELECT name FROM patterns");
    expect(patterns.map((r) => r.name).sort()).toEqual(["HUB", "LINK"]);
  });

  it("keeps its project when a setting is changed", async () => {
    const [p, c] = dwh();
    const names = await asReader<{ name: string }>(
      p,
      c,
      `SELECT i.name FROM (SELECT set_config('metabuild.project_id', '${s.seed.lake.id}', true)) AS x, instances i`,
    );
    expect(names).toHaveLength(4);
  });

  it("cannot give itself another project", async () => {
    const [p, c] = dwh();
    await expect(
      asReader(p, c, `INSERT INTO metabuild_sql.scope VALUES (${s.seed.lake.id}, ${c})`),
    ).rejects.toThrow(/read-only transaction|permission denied/);
  });

  it("sees no rows without a project", async () => {
    const client = await s.pool.connect();
    try {
      await client.query("BEGIN READ ONLY");
      await client.query(`SET LOCAL ROLE ${METADATA_READER_ROLE}`);
      expect((await client.query("SELECT count(*) AS n FROM instances")).rows).toEqual([{ n: 0 }]);
    } finally {
      await client.query("ROLLBACK");
      client.release();
    }
  });

  it.each([
    "SELECT * FROM users",
    "SELECT * FROM grants",
    "SELECT * FROM projects",
    "SELECT * FROM metadata_executions",
    "SELECT * FROM custom_views",
    "SELECT rolpassword FROM pg_authid",
    "SELECT pg_read_file('/etc/passwd')",
    "SELECT lo_import('/etc/passwd')",
    "SELECT pg_ls_dir('.')",
  ])("is refused: %s", async (sql) => {
    const [p, c] = dwh();
    await expect(asReader(p, c, sql)).rejects.toThrow(/permission denied/);
  });

  it("computes a write's rows inside the write, confined, and leaves no trace", async () => {
    const [projectId, customerId] = dwh();
    const catalog = (await loadReaderCatalog(s.pool, { projectId, customerId })) as Catalog;
    const rows = (text: string) => {
      const t = translate(parseScript(text)[0].statement, catalog, { dialect: POSTGRES });
      if (t.kind !== "select") throw new Error(t.kind);
      return t.query;
    };
    const client = await s.pool.connect();
    const options = { projectId, customerId, timeoutMs: 5000, rowLimit: 100 };
    try {
      await client.query("BEGIN");
      const table = await client.query(
        "SELECT id FROM custom_tables WHERE name = 'T' AND project_id = $1",
        [projectId],
      );
      await client.query(
        'INSERT INTO custom_table_rows (table_id, data) VALUES ($1, \'{"A":"new"}\')',
        [table.rows[0].id],
      );
      const seen = await selectRowsForWrite(
        client,
        options,
        rows("SELECT count(*) AS n FROM @TABLES.T"),
      );
      expect(seen.rows).toEqual([[7]]);
      // Back as the store's own role, with no scope row left to commit.
      expect((await client.query("SELECT current_user = session_user AS own")).rows).toEqual([
        { own: true },
      ]);
      expect((await client.query("SELECT count(*) AS n FROM metabuild_sql.scope")).rows).toEqual([
        { n: 0 },
      ]);
      await expect(
        selectRowsForWrite(client, options, { sql: "SELECT email FROM users", params: [] }),
      ).rejects.toThrow(/permission denied/);
    } finally {
      await client.query("ROLLBACK");
      client.release();
    }
  });

  it("cannot write, even to what it reads", async () => {
    const [p, c] = dwh();
    await expect(asReader(p, c, "DELETE FROM instances")).rejects.toThrow(
      /read-only transaction|permission denied/,
    );
  });
});
