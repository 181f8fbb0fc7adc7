import { describe, expect, it, vi } from "vitest";
import {
  type HarvestApp,
  connectHarvester,
  erpCatalog,
  postHarvest,
  useHarvestApp,
} from "../../../testing/harvest-runs.ts";
import { expectNotAuthenticated, messageOf } from "../../../testing/route-checks.ts";
import { WAIT } from "../../../testing/wait.ts";

let app: HarvestApp;
useHarvestApp((a) => {
  app = a;
});

const startBody = () => ({ project: "DWH", agent_id: app.runner.id, source: "erp" });

async function harvested() {
  const agent = await connectHarvester(app.h, app.runner, ["erp"]);
  const res = await postHarvest(app.h, app.ann, startBody());
  const id = ((await res.json()) as { id: number }).id;
  await vi.waitFor(() => expect(agent.harvests()).toHaveLength(1), WAIT);
  await agent.harvest(id, erpCatalog());
  const schedule = (await (
    await app.h.call("/api/v1/harvest_schedules", app.ann, {
      method: "POST",
      body: JSON.stringify({ ...startBody(), cron: "0 3 * * *" }),
    })
  ).json()) as { id: number };
  return { id, scheduleId: schedule.id };
}

describe("harvests: security", () => {
  it("refuses every endpoint without a token", async () => {
    for (const path of [
      "/api/v1/harvests",
      "/api/v1/harvests/1",
      "/api/v1/harvest_sources",
      "/api/v1/harvest_schedules",
      "/api/v1/harvest_schedules/1",
    ])
      await expectNotAuthenticated(app.h, path);
    await expectNotAuthenticated(app.h, "/api/v1/harvests", {
      method: "POST",
      body: JSON.stringify({ project: "DWH", agent_id: 1, source: "erp" }),
    });
    await expectNotAuthenticated(app.h, "/api/v1/harvest_schedules/1", { method: "DELETE" });
  });

  it("needs write_instances to start, schedule or delete; access is enough to read", async () => {
    const { id, scheduleId } = await harvested();
    const start = await postHarvest(app.h, app.bob, startBody());
    expect(start.status).toBe(403);
    expect(await messageOf(start)).toBe(
      "You don't have permissions to write instances in this project!",
    );
    const schedule = await app.h.call("/api/v1/harvest_schedules", app.bob, {
      method: "POST",
      body: JSON.stringify({ ...startBody(), cron: "0 3 * * *" }),
    });
    expect(schedule.status).toBe(403);
    const del = await app.h.call(`/api/v1/harvest_schedules/${scheduleId}`, app.bob, {
      method: "DELETE",
    });
    expect(del.status).toBe(403);
    expect((await app.h.call(`/api/v1/harvests/${id}`, app.bob)).status).toBe(200);
    expect((await app.h.call(`/api/v1/harvest_schedules/${scheduleId}`, app.bob)).status).toBe(200);
  });

  it("hides another tenant's runs, schedules, agents and sources", async () => {
    const { id, scheduleId } = await harvested();
    expect((await app.h.call(`/api/v1/harvests/${id}`, app.eve)).status).toBe(404);
    expect((await app.h.call(`/api/v1/harvest_schedules/${scheduleId}`, app.eve)).status).toBe(404);
    const del = await app.h.call(`/api/v1/harvest_schedules/${scheduleId}`, app.eve, {
      method: "DELETE",
    });
    expect(del.status).toBe(404);
    expect(await (await app.h.call("/api/v1/harvests", app.eve)).json()).toEqual([]);
    expect(await (await app.h.call("/api/v1/harvest_schedules", app.eve)).json()).toEqual([]);
    expect(await (await app.h.call("/api/v1/harvest_sources", app.eve)).json()).toEqual([]);
    // Eve cannot send acme's agent to harvest into her own project.
    const res = await postHarvest(app.h, app.eve, {
      project: "GLOBEX_DWH",
      agent_id: app.runner.id,
      source: "erp",
    });
    expect(res.status).toBe(404);
  });

  it("does not show runs of a project the user may not access", async () => {
    await harvested();
    const lake = await postHarvest(app.h, app.ann, { ...startBody(), project: "LAKE" });
    expect(lake.status).toBe(403);
    expect(await (await app.h.call("/api/v1/harvests?project=LAKE", app.bob)).json()).toMatchObject(
      { code: 403 },
    );
    expect(await (await app.h.call("/api/v1/harvests", app.bob)).json()).toHaveLength(1);
  });
});
