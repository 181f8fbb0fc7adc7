import type { HarvestMessage, ServerMessage } from "@metabuild/contract/agent-protocol";
import { holdAgentConnection, tablesOf } from "@metabuild/db";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AGENT_SECRET } from "../../testing/deployments-fixture.ts";
import {
  type HarvestApp,
  connectHarvester,
  erpCatalog,
  getHarvestRun,
  postHarvest,
  selectRows,
  useHarvestApp,
} from "../../testing/harvest-runs.ts";
import { messageOf } from "../../testing/route-checks.ts";
import { AgentHub } from "../agents/hub.ts";
import { DeploymentRuns } from "../agents/runs.ts";
import { HarvestRuns } from "./runs.ts";
import { HarvestSender } from "./sender.ts";
import { WAIT } from "../../testing/wait.ts";

/**
 * Harvests of agents held by another server process of the same store
 * (docs/scale-out.md "Agents"), played by a row naming another process, or
 * by a second hub on the same store.
 */
let app: HarvestApp;
useHarvestApp((a) => {
  app = a;
});

const silent = { info() {}, warn() {}, error() {} };
const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

/** Another server process on the same store, one of several, with harvests wired as the app's. */
function otherProcess(): AgentHub {
  const { h } = app;
  const runs = new DeploymentRuns(h.db, h.clock, h.services.events);
  const hub = new AgentHub(h.db, h.clock, h.services.events, runs, silent, 1000, {
    staleMs: 1000,
    onlyServer: false,
  });
  const harvests = new HarvestRuns(
    h.db,
    h.clock,
    h.services.events,
    { logMaxBytes: 64 * 1024, maxRows: 100_000 },
    silent,
  );
  hub.harvests = harvests;
  hub.harvestSender = new HarvestSender(harvests, 1024 * 1024);
  return hub;
}

const body = (extra: object = {}) => ({
  project: "DWH",
  agent_id: app.runner.id,
  source: "erp",
  ...extra,
});

async function startHarvest(extra: object = {}): Promise<number> {
  const res = await postHarvest(app.h, app.ann, body(extra));
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

describe("harvests of agents held by another server process", () => {
  it("queues a harvest for an agent another process holds and lists its sources from the store", async () => {
    const { h, ann } = app;
    await holdAgentConnection(h.db, app.runner.id, "another-process", Date.now(), ["erp", "crm"]);
    const id = await startHarvest();
    expect((await getHarvestRun(h, ann, id)).status).toBe("QUEUED");
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
    // The agent reconnects here: the queued run is sent, not ended with the old connection.
    const agent = await connectHarvester(h, app.runner, ["erp"]);
    await vi.waitFor(() => expect(agent.harvests().map((m) => m.run_id)).toEqual([id]), WAIT);
    await agent.harvest(id, erpCatalog());
    expect((await getHarvestRun(h, ann, id)).status).toBe("SUCCEEDED");
  });

  it("runs a harvest requested through one process on the agent connected to another", async () => {
    const { h, ann } = app;
    const other = otherProcess();
    stops.push(await other.keep());
    const sent: ServerMessage[] = [];
    const session = other.open({ send: (text) => sent.push(JSON.parse(text)), close: () => {} });
    stops.push(async () => other.closeAll());
    session.receive(
      JSON.stringify({
        type: "hello",
        agent_id: app.runner.agentId,
        secret: AGENT_SECRET,
        sources: ["erp"],
      }),
    );
    await vi.waitFor(() => expect(sent[0]?.type).toBe("welcome"), WAIT);
    const id = await startHarvest();
    const harvests = () => sent.filter((m): m is HarvestMessage => m.type === "harvest");
    await vi.waitFor(() => expect(harvests().map((m) => m.run_id)).toEqual([id]), WAIT);
    const say = async (msg: object) => {
      session.receive(JSON.stringify(msg));
      await session.settled();
    };
    const catalog = erpCatalog();
    await say({ type: "harvest_started", run_id: id });
    await say({ type: "harvest_catalog", run_id: id, part: 0, ...catalog });
    await say({ type: "harvest_finished", run_id: id, status: "SUCCEEDED", parts: 1 });
    expect((await getHarvestRun(h, ann, id)).status).toBe("SUCCEEDED");
    const rows = await selectRows(h, ann, "SELECT COUNT(*) AS N FROM @TABLES.ERP_COLUMNS");
    expect(rows.rows).toEqual([{ N: 4 }]);
  });

  it("answers 409 when the process holding the agent stopped heartbeating", async () => {
    await holdAgentConnection(app.h.db, app.runner.id, "another-process", Date.now() - 60_000);
    const res = await postHarvest(app.h, app.ann, body());
    expect(res.status).toBe(409);
    expect(await messageOf(res)).toBe("Agent 'runner-a' is not online");
  });

  it("ends a queued harvest FAILED when no process holds its agent any more", async () => {
    const { h, ann } = app;
    await holdAgentConnection(h.db, app.runner.id, "another-process", Date.now());
    const id = await startHarvest();
    const { agentConnections } = tablesOf(h.db);
    await h.db.delete(agentConnections);
    await otherProcess().recoverAfterRestart();
    const run = await getHarvestRun(h, ann, id);
    expect(run.status).toBe("FAILED");
    expect(run.log).toContain("FAILED: Agent 'runner-a' went offline before the run was sent");
  });

  it("ends the harvests of an agent whose process stopped heartbeating, through another process", async () => {
    const { h, ann } = app;
    const agent = await connectHarvester(h, app.runner, ["erp"]);
    const id = await startHarvest();
    await vi.waitFor(() => expect(agent.harvests()).toHaveLength(1), WAIT);
    await agent.say({ type: "harvest_started", run_id: id });
    const { agentConnections } = tablesOf(h.db);
    await h.db.update(agentConnections).set({ heartbeatAt: Date.now() - 60_000 });
    await otherProcess().recoverAfterRestart();
    const run = await getHarvestRun(h, ann, id);
    expect(run.status).toBe("FAILED");
    expect(run.log).toContain(
      "FAILED: The server process holding agent 'runner-a' stopped while the run was queued or running",
    );
  });
});
