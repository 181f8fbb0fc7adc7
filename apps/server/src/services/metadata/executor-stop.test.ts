import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { createHarness, seedBasic } from "../../testing/harness.ts";
import { sharedExecutorPool } from "./executor-pool.ts";

const RUNAWAY =
  "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT count(*) FROM r";

const dir = mkdtempSync(join(tmpdir(), "metabuild-stop-"));
afterAll(() => {
  sharedExecutorPool().close();
  rmSync(dir, { recursive: true, force: true });
});

const until = async (done: () => boolean) => {
  for (let k = 0; k < 500 && !done(); k++) await new Promise((r) => setTimeout(r, 20));
};

/** Issue 16: the executor's normal stop (server shutdown) is not logged as an error. */
it("a statement ended by the shutdown answers ERROR and logs no error", async () => {
  const errors: unknown[][] = [];
  const infos: unknown[][] = [];
  const logger = {
    info: (...a: unknown[]) => infos.push(a),
    warn() {},
    error: (...a: unknown[]) => errors.push(a),
  };
  const h = createHarness(
    { databaseFile: join(dir, "store.db"), sqlTimeoutMs: 60_000 },
    { logger },
  );
  const { dwh } = await seedBasic(h.db);
  const token = await h.token("ann@acme.test");
  const pool = sharedExecutorPool();
  h.services.metadata.warm();
  await until(() => pool.idleCount >= 2);
  const idle = pool.idleCount;
  const answer = h.call("/api/v1/metadata", token, {
    method: "POST",
    body: JSON.stringify({ project_id: dwh.id, statement: RUNAWAY }),
  });
  await until(() => pool.idleCount < idle);
  h.services.metadata.close();
  const res = await answer;
  expect(res.status).toBe(200);
  const body = (await res.json()) as { status: string; error: string };
  expect(body.status).toBe("ERROR");
  expect(body.error).toMatch(/stopping/);
  expect(errors).toEqual([]);
}, 60_000);
