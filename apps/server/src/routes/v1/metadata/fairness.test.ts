import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../../config.ts";
import { seedBasic } from "../../../testing/harness.ts";
import { type FileHarness, createFileHarness } from "../../../testing/metadata-fixture.ts";
import { sharedExecutorPool } from "../../../services/metadata/executor-pool.ts";

/**
 * Issue 12 "Fair metadata SQL": one user cannot stall everyone. At most
 * METABUILD_SQL_PER_USER of a user's scripts run at once; more wait
 * METABUILD_SQL_QUEUE_MS, then 429 with Retry-After; the pool keeps an
 * executor for other users meanwhile (docs/metadata-sql.md "Fairness").
 */

const RUNAWAY =
  "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT count(*) FROM r";
const TIME_LIMIT_MS = 8000;

let h: FileHarness | undefined;
afterEach(() => h?.dispose());
afterAll(() => sharedExecutorPool().close());

async function app(overrides: Parameters<typeof createFileHarness>[0]) {
  h = createFileHarness({ sqlTimeoutMs: TIME_LIMIT_MS, ...overrides });
  const { dwh } = await seedBasic(h.db);
  const harness = h;
  harness.services.metadata.warm(); // as the server does at start
  const tokens = {
    ann: await harness.token("ann@acme.test"),
    bob: await harness.token("bob@acme.test"),
  };
  const post = (token: string, statement: string) =>
    harness.call("/api/v1/metadata", token, {
      method: "POST",
      body: JSON.stringify({ project_id: dwh.id, statement }),
    });
  return { tokens, post, harness };
}

describe("fair metadata SQL", () => {
  it("answers another user's SELECT 1 quickly while one user floods runaway statements; the flood's excess gets 429", async () => {
    const { tokens, post, harness } = await app({
      sqlPerUser: 2,
      sqlQueueMs: 500,
      sqlExecutors: 4,
    });
    // The executors warmed at start are up (a child takes ~1 s to start, more under load).
    // SQLite: min(executors, per-user + 1) = 3 idle children; PostgreSQL: the reader set up.
    await harness.services.metadata.ready();
    expect((await post(tokens.bob, "SELECT 1")).status).toBe(200);

    const flood = Array.from({ length: 6 }, () => post(tokens.ann, RUNAWAY));
    await new Promise((r) => setTimeout(r, 200));

    const started = performance.now();
    const bob = await post(tokens.bob, "SELECT 1 AS one");
    const ms = performance.now() - started;
    expect(bob.status).toBe(200);
    expect(((await bob.json()) as { rows: unknown[] }).rows).toEqual([{ one: 1 }]);
    // The bound is 1 s; 2 s leaves room for a loaded test machine, and without the
    // cap bob waits for ann's statements to reach the time limit (8 s).
    expect(ms).toBeLessThan(2000);

    const answers = await Promise.all(flood);
    const refused = answers.filter((r) => r.status === 429);
    expect(refused).toHaveLength(4);
    for (const r of refused) {
      expect(Number(r.headers.get("Retry-After"))).toBeGreaterThan(0);
      expect(((await r.json()) as { message: string }).message).toMatch(/at once/);
    }
    const ran = answers.filter((r) => r.status === 200);
    expect(ran).toHaveLength(2);
    for (const r of ran)
      expect(((await r.json()) as { error?: string }).error).toMatch(/time limit/);
  }, 60_000);

  it("lets a user's statements beyond the cap wait their turn within the queue wait", async () => {
    const { tokens, post } = await app({ sqlPerUser: 1, sqlQueueMs: 30_000 });
    const answers = await Promise.all(
      Array.from({ length: 3 }, (_, k) => post(tokens.ann, `SELECT ${k} AS k`)),
    );
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    const bodies = (await Promise.all(answers.map((r) => r.json()))) as { rows: unknown[] }[];
    expect(bodies.map((b) => b.rows)).toEqual([[{ k: 0 }], [{ k: 1 }], [{ k: 2 }]]);
  }, 60_000);

  it("takes its limits from METABUILD_SQL_PER_USER, _QUEUE_MS and _EXECUTORS", () => {
    const env = {
      METABUILD_DATA_DIR: mkdtempSync(join(tmpdir(), "metabuild-config-")),
      METABUILD_JWT_SECRET: "x".repeat(32),
    };
    expect(loadConfig(env)).toMatchObject({ sqlPerUser: 2, sqlQueueMs: 2000, sqlExecutors: 4 });
    const set = {
      ...env,
      METABUILD_SQL_PER_USER: "3",
      METABUILD_SQL_QUEUE_MS: "0",
      METABUILD_SQL_EXECUTORS: "8",
    };
    expect(loadConfig(set)).toMatchObject({ sqlPerUser: 3, sqlQueueMs: 0, sqlExecutors: 8 });
    expect(() => loadConfig({ ...env, METABUILD_SQL_PER_USER: "x" })).toThrow(
      /METABUILD_SQL_PER_USER must be a non-negative whole number/,
    );
  });
});
