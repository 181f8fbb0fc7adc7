import { describe, expect, it, vi } from "vitest";
import {
  expectBadField,
  expectMethodsNotAllowed,
  expectRecordNotFound,
  messageOf,
} from "../../../testing/route-checks.ts";
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
useHarvestApp(
  (a) => {
    app = a;
  },
  { harvestMaxRows: 20 },
);

async function start(body: object = {}) {
  const res = await postHarvest(app.h, app.ann, {
    project: "DWH",
    agent_id: app.runner.id,
    source: "erp",
    ...body,
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

const columnCount = async () =>
  (await selectRows(app.h, app.ann, "SELECT COUNT(*) AS N FROM @TABLES.ERP_COLUMNS")).rows;

describe("harvests: errors", () => {
  it("changes nothing when the agent reports the harvest FAILED", async () => {
    const agent = await connectHarvester(app.h, app.runner, ["erp"]);
    await agent.harvest(await start(), erpCatalog());
    expect(await columnCount()).toEqual([{ N: 4 }]);
    const id = await start();
    await agent.say({ type: "harvest_started", run_id: id });
    await agent.say({ type: "harvest_catalog", run_id: id, part: 0, ...erpCatalog(5) });
    await agent.say({ type: "harvest_log", run_id: id, line: "FAILED: connection refused" });
    await agent.say({
      type: "harvest_finished",
      run_id: id,
      status: "FAILED",
      message: "connection refused",
    });
    const run = await getHarvestRun(app.h, app.ann, id);
    expect(run.status).toBe("FAILED");
    expect(run.log).toContain("FAILED: connection refused");
    expect(await columnCount()).toEqual([{ N: 4 }]);
  });

  it("fails, changing nothing, when a harvested table would take a view's name", async () => {
    const agent = await connectHarvester(app.h, app.runner, ["erp"]);
    const view = await selectRows(app.h, app.ann, "CREATE VIEW @TABLES.NEW_KEYS AS SELECT 1 AS K");
    expect(view.status).toBe("FINISHED");
    const id = await start({ table_prefix: "NEW" });
    await agent.harvest(id, erpCatalog(5));
    const run = await getHarvestRun(app.h, app.ann, id);
    expect(run.status).toBe("FAILED");
    expect(run.log).toContain("@TABLES.NEW_KEYS is a view of the project");
    expect((await selectRows(app.h, app.ann, "SELECT * FROM @TABLES.NEW_TABLES")).status).toBe(
      "ERROR",
    );
    expect((await selectRows(app.h, app.ann, "SELECT K FROM @TABLES.NEW_KEYS")).rows).toEqual([
      { K: 1 },
    ]);
  });

  it("fails, changing nothing, when catalog parts are missing or out of order", async () => {
    const agent = await connectHarvester(app.h, app.runner, ["erp"]);
    const missing = await start();
    await agent.say({ type: "harvest_started", run_id: missing });
    await agent.say({ type: "harvest_catalog", run_id: missing, part: 0, ...erpCatalog() });
    await agent.say({ type: "harvest_finished", run_id: missing, status: "SUCCEEDED", parts: 2 });
    expect((await getHarvestRun(app.h, app.ann, missing)).log).toContain(
      "FAILED: The agent sent 1 of 2 catalog parts",
    );
    const skipped = await start();
    await agent.say({ type: "harvest_started", run_id: skipped });
    await agent.say({ type: "harvest_catalog", run_id: skipped, part: 1, ...erpCatalog() });
    expect((await getHarvestRun(app.h, app.ann, skipped)).log).toContain(
      "FAILED: Catalog part 1 arrived where part 0 was expected",
    );
    expect((await selectRows(app.h, app.ann, "SELECT 1 FROM @TABLES.ERP_COLUMNS")).status).toBe(
      "ERROR",
    );
  });

  it("fails a catalog larger than METABUILD_HARVEST_MAX_ROWS", async () => {
    const agent = await connectHarvester(app.h, app.runner, ["erp"]);
    const id = await start();
    await agent.harvest(id, erpCatalog(20));
    const run = await getHarvestRun(app.h, app.ann, id);
    expect(run.status).toBe("FAILED");
    expect(run.log).toContain(
      "FAILED: The catalog has more than 20 rows (METABUILD_HARVEST_MAX_ROWS); nothing was changed",
    );
  });

  it("fails the run with the reason when the agent drops mid-run, and after a restart", async () => {
    const agent = await connectHarvester(app.h, app.runner, ["erp"]);
    const id = await start();
    await agent.say({ type: "harvest_started", run_id: id });
    agent.session.closed();
    await agent.session.settled();
    const run = await getHarvestRun(app.h, app.ann, id);
    expect(run.status).toBe("FAILED");
    expect(run.log).toContain("FAILED: Agent 'runner-a' disconnected during the run");
    await agent.say({ type: "harvest_finished", run_id: id, status: "SUCCEEDED", parts: 0 });
    expect((await getHarvestRun(app.h, app.ann, id)).status).toBe("FAILED");
    await connectHarvester(app.h, app.runner, ["erp"]);
    const queued = await start();
    await app.h.services.agentHub.recoverAfterRestart();
    expect((await getHarvestRun(app.h, app.ann, queued)).log).toContain(
      "FAILED: The server restarted while the run was queued or running",
    );
  });

  it("answers 409 when the agent is offline or disabled, or no agent of the group is online", async () => {
    const cases: [object, string][] = [
      [{ agent_id: app.runner.id }, "Agent 'runner-a' is not online"],
      [{ agent_id: app.p.runner2.id }, "Agent 'runner-2' is disabled"],
      [{ agent_group: "prod" }, "No agent of the agent group 'prod' is online"],
    ];
    for (const [agent, text] of cases) {
      const res = await postHarvest(app.h, app.ann, { project: "DWH", source: "erp", ...agent });
      expect(res.status).toBe(409);
      expect(await messageOf(res)).toBe(text);
    }
  });

  it("ends a scheduled run FAILED with the reason when its agent is offline at that minute", async () => {
    const res = await app.h.call("/api/v1/harvest_schedules", app.ann, {
      method: "POST",
      body: JSON.stringify({
        project: "DWH",
        agent_id: app.runner.id,
        source: "erp",
        cron: "0 * * * *",
      }),
    });
    const schedule = (await res.json()) as { id: number };
    await app.h.services.harvestSchedules.tick(new Date("2026-11-26T05:00:00Z"));
    const runs = (await (
      await app.h.call(`/api/v1/harvests?schedule_id=${schedule.id}`, app.ann)
    ).json()) as { status: string; log: string }[];
    expect(runs).toHaveLength(1);
    expect(runs[0].status).toBe("FAILED");
    expect(runs[0].log).toContain("FAILED: Agent 'runner-a' is not online");
  });

  it("answers 404 for unknown agents, groups, projects and runs", async () => {
    const cases: [object, string][] = [
      [{ project: "DWH", agent_id: 999, source: "erp" }, "No record found for id '999'"],
      [
        { project: "DWH", agent_id: app.p.loner.id, source: "erp" },
        `No record found for id '${app.p.loner.id}'`,
      ],
      [
        { project: "DWH", agent_group: "nope", source: "erp" },
        "An agent group with the name 'nope' does not exist!",
      ],
      [
        { project: "NOPE", agent_id: app.runner.id, source: "erp" },
        "A project with the name 'NOPE' does not exist!",
      ],
    ];
    for (const [body, text] of cases) {
      const res = await postHarvest(app.h, app.ann, body);
      expect(res.status).toBe(404);
      expect(await messageOf(res)).toBe(text);
    }
    await expectRecordNotFound(app.h, "/api/v1/harvests/999", app.ann, 999);
    await expectRecordNotFound(app.h, "/api/v1/harvest_schedules/999", app.ann, 999);
  });

  it("answers 400 naming the field for missing or malformed input", async () => {
    const base = { project: "DWH", agent_id: app.runner.id, source: "erp" };
    const cases: [string, object, RegExp][] = [
      ["/api/v1/harvests", { project: "DWH", agent_id: 1 }, /'source'/],
      ["/api/v1/harvests", { ...base, source: "../etc" }, /'source'.*letters, digits/],
      ["/api/v1/harvests", { project: "DWH", source: "erp" }, /One of 'agent_id', 'agent_group'/],
      [
        "/api/v1/harvests",
        { ...base, agent_group: "test" },
        /Give only one of 'agent_id', 'agent_group'/,
      ],
      ["/api/v1/harvests", { ...base, table_prefix: "1x" }, /'table_prefix'/],
      ["/api/v1/harvests", { ...base, extra: 1 }, /extra/],
      ["/api/v1/harvests", { agent_id: app.runner.id, source: "erp" }, /project/i],
      [
        "/api/v1/harvest_schedules",
        { ...base, cron: "* * *" },
        /^Invalid value for 'cron': must have 5 fields/,
      ],
      [
        "/api/v1/harvest_schedules",
        { ...base, cron: "99 * * * *" },
        /^Invalid value for 'cron': minute: 99 is outside 0-59$/,
      ],
      ["/api/v1/harvest_schedules", base, /'cron'/],
    ];
    for (const [path, body, text] of cases) {
      const res = await app.h.call(path, app.ann, { method: "POST", body: JSON.stringify(body) });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await messageOf(res)).toMatch(text);
    }
    await expectBadField(app.h, "/api/v1/harvests/abc", app.ann, "'id'");
  });

  it("answers 405 for unimplemented methods", async () => {
    await expectMethodsNotAllowed(app.h, app.admin, [
      ["DELETE", "/api/v1/harvests/1"],
      ["POST", "/api/v1/harvest_sources"],
    ]);
    await expectMethodsNotAllowed(
      app.h,
      app.admin,
      [["PATCH", "/api/v1/harvest_schedules/1"]],
      "GET, DELETE",
    );
  });

  it("ignores messages about runs sent to another agent", async () => {
    const { seedAgent } = await import("../../../testing/deployments-fixture.ts");
    const agent = await connectHarvester(app.h, app.runner, ["erp"]);
    const intruder = await seedAgent(app.h.db, { customerId: app.seed.acme.id, name: "intruder" });
    const other = await connectHarvester(app.h, intruder, ["erp"]);
    const id = await start();
    await vi.waitFor(() => expect(agent.harvests()).toHaveLength(1), WAIT);
    await other.harvest(id, erpCatalog());
    expect((await getHarvestRun(app.h, app.ann, id)).status).toBe("QUEUED");
  });
});
