import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { type Db, openDatabase } from "../client.ts";
import { postgresHandle } from "../pg/handle.ts";
import { closeStore, returnedRow, tablesOf } from "../store.ts";
import { type TestPostgresStore, testPostgresStore } from "../testing/postgres-store.ts";
import {
  claimBuild,
  claimNextBuild,
  releaseBuildClaims,
  renewBuildClaims,
} from "./build-claims.ts";

// Builds are claimed by exactly one process (docs/scale-out.md "Builds"), on both stores.

async function seed(db: Db, statuses: string[]): Promise<number[]> {
  const t = tablesOf(db);
  const customer = returnedRow(await db.insert(t.customers).values({ name: "Acme" }).returning());
  const project = returnedRow(
    await db.insert(t.projects).values({ customerId: customer.id, name: "DWH" }).returning(),
  );
  const ids: number[] = [];
  for (const status of statuses)
    ids.push(
      returnedRow(
        await db
          .insert(t.builds)
          .values({ customerId: customer.id, projectId: project.id, userId: 1, status })
          .returning(),
      ).id,
    );
  return ids;
}

const STALE = 30_000;
const at = (now: number) => ({ now, staleBefore: now - STALE });

for (const kind of ["sqlite", "postgres"] as const) {
  describe(`build claims on ${kind}`, () => {
    let db: Db;
    let pg: TestPostgresStore | undefined;
    beforeEach(async () => {
      if (kind === "sqlite") db = openDatabase(":memory:");
      else {
        await pg?.close();
        pg = await testPostgresStore();
        db = postgresHandle(pg.db);
      }
    });
    afterAll(async () => {
      if (kind === "sqlite") await closeStore(db);
      await pg?.close();
    });

    it("gives a build to one holder; another gets it only once the claim is stale", async () => {
      const [building, finished] = await seed(db, ["BUILDING", "FINISHED"]);
      expect(await claimBuild(db, building as number, "A", at(1_000))).toEqual({
        buildId: building,
        takeovers: 0,
      });
      expect(await claimBuild(db, building as number, "B", at(2_000))).toBeUndefined();
      // The holder itself may claim again (a restart of the same run).
      expect(await claimBuild(db, building as number, "A", at(3_000))).toEqual({
        buildId: building,
        takeovers: 0,
      });
      expect(await claimBuild(db, building as number, "B", at(3_000 + STALE + 1))).toEqual({
        buildId: building,
        takeovers: 1,
      });
      expect(await claimBuild(db, finished as number, "A", at(1_000))).toBeUndefined();
    });

    it("hands out each waiting build once to processes asking together", async () => {
      const ids = await seed(db, ["BUILDING", "BUILDING", "BUILDING", "FINISHED"]);
      const asks = Array.from({ length: 8 }, (_, i) => claimNextBuild(db, `P${i}`, at(1_000)));
      const got = (await Promise.all(asks)).filter((c) => c !== undefined).map((c) => c.buildId);
      expect(got.sort((a, b) => a - b)).toEqual(ids.slice(0, 3));
      expect(await claimNextBuild(db, "late", at(2_000))).toBeUndefined();
    });

    it("renews only the holder's claims, and a released build is free at once", async () => {
      const [first, second] = await seed(db, ["BUILDING", "BUILDING"]);
      await claimBuild(db, first as number, "A", at(1_000));
      await claimBuild(db, second as number, "B", at(1_000));
      expect(await renewBuildClaims(db, "A", 5_000)).toEqual([first]);
      // B stopped heartbeating: C takes its build over, and B's renewal no longer finds it.
      expect(await claimNextBuild(db, "C", at(1_000 + STALE + 1))).toEqual({
        buildId: second,
        takeovers: 1,
      });
      expect(await renewBuildClaims(db, "B", 40_000)).toEqual([]);
      await releaseBuildClaims(db, "A", [first as number]);
      expect(await claimNextBuild(db, "D", at(6_000))).toEqual({ buildId: first, takeovers: 0 });
    });
  });
}
