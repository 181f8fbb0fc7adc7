import type { AuditEvent } from "@metabuild/contract";
import { describe, expect, it } from "vitest";
import { type HarvestApp, connectHarvester, useHarvestApp } from "../../../testing/harvest-runs.ts";
import { messageOf } from "../../../testing/route-checks.ts";

/**
 * Harvest schedules are bounded (issue 28 item 5, docs/harvesting.md
 * "Schedules"): 300 `* * * * *` schedules once made ~910 FAILED runs in two
 * minutes, and `0 0 31 2 *` (never fires) was accepted.
 */
let app: HarvestApp;
useHarvestApp(
  (a) => {
    app = a;
  },
  { harvestSchedules: { perProject: 3, minIntervalMinutes: 5 } },
);

async function postSchedule(cron: string, project = "DWH") {
  return await app.h.call("/api/v1/harvest_schedules", app.ann, {
    method: "POST",
    body: JSON.stringify({ project, agent_id: app.runner.id, source: "erp", cron }),
  });
}

async function removeAll() {
  const all = (await (await app.h.call("/api/v1/harvest_schedules", app.ann)).json()) as {
    id: number;
  }[];
  for (const s of all)
    await app.h.call(`/api/v1/harvest_schedules/${s.id}`, app.ann, { method: "DELETE" });
}

describe("harvest schedules: limits", () => {
  it("refuses an expression that never fires", async () => {
    const res = await postSchedule("0 0 31 2 *");
    expect(res.status).toBe(400);
    expect(await messageOf(res)).toBe(
      "Invalid value for 'cron': never fires: no month of 2 has a day 31",
    );
  });

  it("refuses an expression that fires more often than the minimum interval", async () => {
    for (const cron of ["* * * * *", "*/2 * * * *", "0,3 * * * *"]) {
      const res = await postSchedule(cron);
      expect(res.status, cron).toBe(400);
      expect(await messageOf(res)).toMatch(
        /^Invalid value for 'cron': fires every \d minutes? at times; schedules may fire at most every 5 minutes \(METABUILD_HARVEST_SCHEDULE_MIN_MINUTES\)$/,
      );
    }
    const ok = await postSchedule("*/5 * * * *");
    expect(ok.status).toBe(201);
    await removeAll();
  });

  it("refuses a schedule past the number one project may hold", async () => {
    for (const cron of ["0 1 * * *", "0 2 * * *", "0 3 * * *"])
      expect((await postSchedule(cron)).status).toBe(201);
    const res = await postSchedule("0 4 * * *");
    expect(res.status).toBe(409);
    expect(await messageOf(res)).toBe(
      "Project 'DWH' already holds 3 harvest schedules, the most one project may hold (METABUILD_HARVEST_SCHEDULES_PER_PROJECT); delete one first",
    );
    const listed = (await (await app.h.call("/api/v1/harvest_schedules", app.ann)).json()) as [];
    expect(listed).toHaveLength(3);
    await removeAll();
  });

  it("records each scheduled start in the audit log, started or failed at once", async () => {
    const res = await postSchedule("0 * * * *");
    const schedule = (await res.json()) as { id: number };
    const tick = (iso: string) => app.h.services.harvestSchedules.tick(new Date(iso));
    await tick("2026-11-26T05:00:00Z"); // the agent is offline: FAILED at once
    const agent = await connectHarvester(app.h, app.runner, ["erp"]);
    await tick("2026-11-26T06:00:00Z");
    expect(agent.harvests()).toHaveLength(1);
    const audit = (await (
      await app.h.call("/api/console/audit?action=harvest.start", app.admin)
    ).json()) as AuditEvent[];
    expect(audit.map((e) => e.after)).toEqual([
      expect.objectContaining({ schedule_id: schedule.id, agent: "runner-a" }),
      expect.objectContaining({
        schedule_id: schedule.id,
        status: "FAILED",
        reason: "Agent 'runner-a' is not online",
      }),
    ]);
    expect(audit[0]).toMatchObject({ user_email: "ann@acme.test", project_id: expect.any(Number) });
    await removeAll();
  });
});
