import { type Principal, ScriptError, parseScript } from "@metabuild/core";
import { postgresHandle, schema } from "@metabuild/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testConfig } from "../config.ts";
import { ReaderStatementRunner } from "../services/metadata/reader-runner.ts";
import { type ScriptJob, runScript } from "../services/metadata/run-script.ts";
import { hostileViews, refused } from "../testing/hostile-corpus.ts";
import { type TwoStores, startTwoStores } from "../testing/two-stores.ts";

/**
 * The metadata service's PostgreSQL runner (statement-runner.ts) against
 * SQLite's in-process script runner, on the same rows (two-stores.ts): the
 * same outcome for reads, writes, errors and the time limit.
 */
let s: TwoStores;
let runner: ReaderStatementRunner;

beforeAll(async () => {
  s = await startTwoStores(async (db, seed) => {
    for (const [projectId, name, definition] of hostileViews(seed))
      await db.insert(schema.customViews).values({ projectId, name, definition });
  });
  runner = new ReaderStatementRunner(
    postgresHandle(s.store.db),
    testConfig({ sqlTimeoutMs: 1500, sqlMaxRows: 1000 }),
  );
}, 120_000);
afterAll(async () => {
  await s?.close();
});

function job(script: string, extra: Partial<ScriptJob> = {}): ScriptJob {
  const actor = { id: s.seed.ann.id, customerId: s.seed.acme.id } as unknown as Principal;
  return {
    statements: parseScript(script),
    scope: { customerId: s.seed.acme.id, projectId: s.seed.dwh.id },
    actor,
    maxRows: 1000,
    now: new Date("2026-01-01T00:00:00Z").toISOString(),
    checkoutTtlSeconds: 3600,
    limits: testConfig().limits,
    ...extra,
  };
}

async function both(script: string) {
  const [lite, pg] = [await runScript(s.h.db, job(script)), await runner.run(job(script))];
  const { runtime: _a, ...l } = lite;
  const { runtime: _b, ...p } = pg;
  return { l, p };
}

describe("metadata statements through the PostgreSQL runner", () => {
  it.each([
    `SELECT "@INSTANCE", NAME FROM @INSTANCES.HUB ORDER BY "@INSTANCE", "@POS_NO"`,
    "SELECT count(*) AS n FROM @INSTANCES.HUB",
    "SELECT 1 AS a; SELECT A, N FROM @TABLES.T ORDER BY A",
    "SELECT A, N2 FROM @TABLES.NUMS ORDER BY A",
    "SELECT NOPE FROM @TABLES.T",
    "SELECT * FROM @TABLES.MISSING",
    "SELECT 1 AS a; SELECT NOPE FROM @TABLES.T",
    "SELECT TABLE_NAME FROM @INFORMATION_SCHEMA.TABLES ORDER BY TABLE_NAME",
  ])("answers as SQLite: %s", async (script) => {
    const { l, p } = await both(script);
    expect(p).toEqual(l);
  });

  it("writes through the domain: CREATE TABLE, INSERT, UPDATE, DELETE, views", async () => {
    const script = [
      `CREATE TABLE @TABLES.W (K STRING, V INTEGER)`,
      `INSERT INTO @TABLES.W (K, V) SELECT A, N FROM @TABLES.T WHERE N IS NOT NULL`,
      `UPDATE @TABLES.W SET V = V * 10 WHERE K = 'apple'`,
      `DELETE FROM @TABLES.W WHERE V < 0`,
      `CREATE VIEW @TABLES.WV AS SELECT K, V FROM @TABLES.W`,
    ].join(";\n");
    const { l, p } = await both(script);
    expect(p).toEqual(l);
    const read = await both("SELECT K, V FROM @TABLES.WV ORDER BY K");
    expect(read.p).toEqual(read.l);
    expect(read.p.rows.length).toBeGreaterThan(0);
  });

  it("stops a runaway statement at the time limit with SQLite's message", async () => {
    const out = await runner.run(
      job("WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT count(*) FROM r"),
    );
    expect(out).toMatchObject({
      status: "ERROR",
      error:
        "The statement ran longer than the time limit of 1500 ms and was stopped; nothing was changed",
    });
  });

  it("lists the editor's tables and columns as SQLite does", async () => {
    const scope = { customerId: s.seed.acme.id, projectId: s.seed.dwh.id };
    const pg = await runner.describe(scope);
    expect(pg.map((t) => `${t.schema}.${t.name}`)).toContain("@TABLES.NUMS");
    expect(pg.find((t) => t.name === "NUMS")?.columns.map((c) => c.name)).toEqual([
      "A",
      "N2",
      "HALF",
    ]);
  });
});

describe("the hostile corpus through the PostgreSQL runner", () => {
  const SECRET = /SECRET|\$2[aby]\$|eve@globex/;
  // Writes go through the domain here, unlike hostile-postgres.test.ts's harness.
  it.each(refused.map(([c, t]) => [c, t.length > 100 ? `${t.slice(0, 60)}…` : t, t]))(
    "refuses (%s): %s",
    async (_category, _label, statement) => {
      let parsed: ScriptJob;
      try {
        parsed = job(statement);
      } catch (e) {
        // Refused while parsing, before any store: the service answers the ERROR itself.
        expect(e).toBeInstanceOf(ScriptError);
        return;
      }
      const out = await runner.run(parsed);
      expect(out.status).toBe("ERROR");
      expect(out.rows).toEqual([]);
      expect(out.error).not.toMatch(SECRET);
    },
  );
});
