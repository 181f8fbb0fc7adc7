import { oneRow, schema } from "@metabuild/db";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sharedExecutorPool } from "../../../services/metadata/executor-pool.ts";
import {
  crossTenant,
  foreignName,
  hostileViews,
  refused,
  runaway,
} from "../../../testing/hostile-corpus.ts";
import {
  type FileHarness,
  createFileHarness,
  runSql,
  seedMetadata,
  warmExecutor,
} from "../../../testing/metadata-fixture.ts";

/**
 * Statements that try to leave the caller's project: internal tables,
 * pragmas, attached databases, extensions, file access, other projects and
 * customers through joins, subqueries, CTEs and UNION, quoting, comment,
 * case and Unicode tricks, names built from strings, and runaway queries.
 * Each must answer status ERROR with no data, and all but the runaway ones
 * must be refused by the dialect itself, long before the time limit.
 */
const TIME_LIMIT_MS = 1500;

/** Views stored as they are, past CREATE VIEW's checks: each use must refuse them. */
async function storeHostileViews(s: Awaited<ReturnType<typeof seedMetadata>>) {
  for (const [projectId, name, definition] of hostileViews(s))
    await h.db.insert(schema.customViews).values({ projectId, name, definition });
}

let h: FileHarness;
let seed: Awaited<ReturnType<typeof seedMetadata>>;
let ann: string;

beforeAll(async () => {
  await warmExecutor();
  h = createFileHarness({ sqlTimeoutMs: TIME_LIMIT_MS });
  seed = await seedMetadata(h.db, h.services.instanceWriter);
  await storeHostileViews(seed);
  ann = await h.token("ann@acme.test");
}, 120_000);
afterAll(() => {
  h.dispose();
  sharedExecutorPool().close();
});

/** A test name short enough to read: long statements are cut. */
function named([category, statement]: [string, string]): [string, string, string] {
  const label =
    statement.length > 100 ? `${statement.slice(0, 60)}… (${statement.length} chars)` : statement;
  return [category, label, statement];
}

async function expectNoData(statement: string) {
  const { status, body } = await runSql(h, ann, statement, { project_id: seed.dwh.id });
  expect(status).toBe(200);
  expect(body.status).toBe("ERROR");
  expect(body.rows).toEqual([]);
  expect(body.metadata).toEqual([]);
  expect(typeof body.error).toBe("string");
  expect(body.error).not.toMatch(/SECRET|\$2[aby]\$|eve@globex/);
  return body.error as string;
}

describe("metadata statements: hostile corpus", () => {
  it("has at least 60 statements", () => {
    expect(refused.length + runaway.length).toBeGreaterThanOrEqual(60);
  });

  it.each(refused.map(named))("refuses (%s): %s", async (_category, _label, statement) => {
    const error = await expectNoData(statement);
    expect(error).not.toContain("time limit");
  });

  it.each(runaway.map(named))(
    "stops at the time limit (%s): %s",
    async (_category, _label, statement) => {
      expect(await expectNoData(statement)).toBe(
        `The statement ran longer than the time limit of ${TIME_LIMIT_MS} ms and was stopped; nothing was changed`,
      );
    },
    120_000,
  );

  it("lists the stored views in the editor's schema without expanding the hostile ones", async () => {
    // Before issue 28's fix the server worked out H_FAN_6's columns itself and grew without bound.
    const res = await h.call(`/api/console/metadata/schema?project_id=${seed.dwh.id}`, ann);
    expect(res.status).toBe(200);
    const { tables } = (await res.json()) as {
      tables: { name: string; columns: { name: string }[] }[];
    };
    // Past METABUILD_SQL_VIEW_MAX_EXPANDED: refused by the executor's translation, never prepared.
    for (const name of ["H_FAN_4", "H_FAN_5", "H_FAN_6", "H_USERS", "H_CYCLE_A"])
      expect(tables.find((t) => t.name === name)?.columns).toEqual([]);
  }, 120_000);
  it.each(crossTenant)(
    "answers a name of %s as a missing one: %s",
    async (_category, foreign, missing) => {
      const error = await expectNoData(foreign);
      expect(error.replaceAll(foreignName(foreign), "NO_SUCH")).toBe(await expectNoData(missing));
    },
  );

  it("left the store as it was and still answers", async () => {
    const { body } = await runSql(h, ann, "SELECT count(*) AS n FROM @INSTANCES.HUB", {
      project_id: seed.dwh.id,
    });
    expect(body.rows).toEqual([{ n: 6 }]);
    const users = await oneRow(
      h.db,
      sql`SELECT CAST(count(*) AS integer) AS n, CAST(sum(admin) AS integer) AS admins FROM users`,
    );
    expect(users).toEqual({ n: 4, admins: 1 });
    // No hostile CREATE VIEW was kept: only the stored ones are there.
    const views = await oneRow(h.db, sql`SELECT CAST(count(*) AS integer) AS n FROM custom_views`);
    expect(views).toEqual({ n: 58 });
  }, 120_000);
});
