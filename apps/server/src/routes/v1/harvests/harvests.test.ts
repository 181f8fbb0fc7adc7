import { describe, expect, it, vi } from "vitest";
import {
  type HarvestApp,
  connectHarvester,
  erpCatalog,
  getHarvestRun,
  postHarvest,
  selectRows,
  useHarvestApp,
} from "../../../testing/harvest-runs.ts";
import { WAIT } from "../../../testing/wait.ts";

let app: HarvestApp;
useHarvestApp((a) => {
  app = a;
});

async function start(body: object = {}) {
  const res = await postHarvest(app.h, app.ann, {
    project: "DWH",
    agent_id: app.runner.id,
    source: "erp",
    ...body,
  });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: number; status: string; tables: string[] };
}

describe("harvests: happy path", () => {
  it("sends the source to the agent and lands its catalog in four @TABLES tables", async () => {
    const { h, ann } = app;
    const agent = await connectHarvester(h, app.runner, ["erp"]);
    const run = await start();
    expect(run.status).toBe("QUEUED");
    expect(run.tables).toEqual(["ERP_TABLES", "ERP_COLUMNS", "ERP_KEYS", "ERP_FOREIGN_KEYS"]);
    await vi.waitFor(() => expect(agent.harvests()).toHaveLength(1), WAIT);
    expect(agent.harvests()[0]).toEqual({
      type: "harvest",
      run_id: run.id,
      source: "erp",
      part_max_bytes: 512 * 1024,
    });
    await agent.harvest(run.id, erpCatalog(), 2);
    const done = await getHarvestRun(h, ann, run.id);
    expect(done.status).toBe("SUCCEEDED");
    expect(done.log).toContain("Queued for agent 'runner-a' by ann@acme.test");
    expect(done.log).toContain("Harvesting source\n");
    expect(done.log).toContain(
      "Replaced @TABLES.ERP_TABLES (2 rows), @TABLES.ERP_COLUMNS (4 rows)",
    );
    const columns = await selectRows(
      h,
      ann,
      "SELECT TABLE_NAME, COLUMN_NAME, POSITION, DATA_TYPE, LENGTH, NULLABLE FROM @TABLES.ERP_COLUMNS ORDER BY TABLE_NAME, POSITION",
    );
    expect(columns.rows[1]).toEqual({
      TABLE_NAME: "customers",
      COLUMN_NAME: "name",
      POSITION: 2,
      DATA_TYPE: "VARCHAR(80)",
      LENGTH: 80,
      NULLABLE: 0,
    });
    const fks = await selectRows(
      h,
      ann,
      "SELECT TABLE_NAME, COLUMN_NAME, REFERENCED_TABLE, REFERENCED_COLUMN FROM @TABLES.ERP_FOREIGN_KEYS",
    );
    expect(fks.rows).toEqual([
      {
        TABLE_NAME: "orders",
        COLUMN_NAME: "customer_id",
        REFERENCED_TABLE: "customers",
        REFERENCED_COLUMN: "id",
      },
    ]);
    const comments = await selectRows(
      h,
      ann,
      "SELECT COMMENT FROM @TABLES.ERP_TABLES WHERE TABLE_NAME = 'orders'",
    );
    expect(comments.rows).toEqual([{ COMMENT: "Sales orders" }]);
  });

  it("publishes the run's status and log lines live, like deployments", async () => {
    const agent = await connectHarvester(app.h, app.runner, ["erp"]);
    const run = await start();
    await agent.harvest(run.id, erpCatalog());
    const mine = app.events.filter((e) => e.type.startsWith("harvest_run."));
    expect(mine.map((e) => e.type)).toEqual([
      "harvest_run.status",
      "harvest_run.status",
      "harvest_run.log",
      "harvest_run.status",
    ]);
    expect(mine[2]).toMatchObject({
      id: run.id,
      line: "Harvesting source",
      projectId: app.seed.dwh.id,
    });
    expect((mine[3].harvest_run as { status: string }).status).toBe("SUCCEEDED");
  });

  it("replaces the tables of an earlier harvest as a whole, with a prefix of choice", async () => {
    const { h, ann } = app;
    const agent = await connectHarvester(h, app.runner, ["erp"]);
    const first = await start({ table_prefix: "SRC" });
    await agent.harvest(first.id, erpCatalog(3));
    expect(
      (await selectRows(h, ann, "SELECT COUNT(*) AS N FROM @TABLES.SRC_COLUMNS")).rows,
    ).toEqual([{ N: 7 }]);
    const second = await start({ table_prefix: "SRC" });
    await agent.harvest(second.id, erpCatalog(0));
    expect((await getHarvestRun(h, ann, second.id)).status).toBe("SUCCEEDED");
    expect(
      (await selectRows(h, ann, "SELECT COUNT(*) AS N FROM @TABLES.SRC_COLUMNS")).rows,
    ).toEqual([{ N: 4 }]);
  });

  it("lists and gets runs, and lists connected agents with the sources they announced", async () => {
    const { h, ann } = app;
    await connectHarvester(h, app.runner, ["erp", "crm"]);
    const run = await start();
    const list = await h.call("/api/v1/harvests?project=DWH", ann);
    expect(list.headers.get("X-Total-Count")).toBe("1");
    expect(((await list.json()) as { id: number }[]).map((r) => r.id)).toEqual([run.id]);
    expect((await getHarvestRun(h, ann, run.id)).status).toBe("QUEUED");
    const sources = await (await h.call("/api/v1/harvest_sources", ann)).json();
    expect(sources).toEqual([
      {
        agent_id: app.runner.id,
        agent_uuid: app.runner.agentId,
        agent_name: "runner-a",
        agent_group_id: app.p.test.id,
        sources: ["erp", "crm"],
      },
    ]);
  });

  it("gives a group's harvest to an online agent that announced the source", async () => {
    const { h, seed, p } = app;
    const { seedAgent } = await import("../../../testing/deployments-fixture.ts");
    const other = await seedAgent(h.db, {
      customerId: seed.acme.id,
      name: "runner-0",
      groupId: p.test.id,
    });
    const idle = await connectHarvester(h, other, []);
    const able = await connectHarvester(h, app.runner, ["erp"]);
    await start({ agent_id: undefined, agent_group: "test" });
    expect(able.harvests()).toHaveLength(1);
    expect(idle.harvests()).toHaveLength(0);
  });

  it("runs schedules on their cron minute, once per minute, and deletes them", async () => {
    const { h, ann } = app;
    const agent = await connectHarvester(h, app.runner, ["erp"]);
    const res = await h.call("/api/v1/harvest_schedules", ann, {
      method: "POST",
      body: JSON.stringify({
        project: "DWH",
        agent_id: app.runner.id,
        source: "erp",
        cron: "30 2 * * *",
      }),
    });
    expect(res.status).toBe(201);
    const schedule = (await res.json()) as { id: number; cron: string; table_prefix: string };
    expect(schedule).toMatchObject({ cron: "30 2 * * *", table_prefix: "ERP" });
    const tick = async (iso: string) => await h.services.harvestSchedules.tick(new Date(iso));
    await tick("2026-11-26T02:29:00Z");
    expect(agent.harvests()).toHaveLength(0);
    await tick("2026-11-26T02:30:05Z");
    await tick("2026-11-26T02:30:40Z");
    expect(agent.harvests()).toHaveLength(1);
    const runId = agent.harvests()[0].run_id;
    await agent.harvest(runId, erpCatalog());
    const run = await getHarvestRun(h, ann, runId);
    expect(run).toMatchObject({ status: "SUCCEEDED", schedule_id: schedule.id });
    expect(run.log).toContain(`by schedule ${schedule.id} (30 2 * * *)`);
    const listed = await (await h.call("/api/v1/harvest_schedules?project=DWH", ann)).json();
    expect(listed).toHaveLength(1);
    const del = await h.call(`/api/v1/harvest_schedules/${schedule.id}`, ann, { method: "DELETE" });
    expect(del.status).toBe(200);
    await tick("2026-11-27T02:30:00Z");
    expect(agent.harvests()).toHaveLength(1);
    expect(await (await h.call("/api/v1/harvest_schedules", ann)).json()).toEqual([]);
  });
});
