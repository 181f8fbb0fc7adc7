import { findAgentById, holdAgentConnection, tablesOf } from "@metabuild/db";
import { describe, expect, it, vi } from "vitest";
import {
  type DeploymentRunsApp,
  connectAgent,
  getRun,
  postRun,
  startRun,
  useDeploymentRuns,
} from "../../testing/deployment-runs.ts";
import type { Harness } from "../../testing/harness.ts";
import type { PatternsFixture } from "../../testing/patterns-fixture.ts";
import type { Seed } from "../../testing/route-suite.ts";
import { messageOf } from "../../testing/route-checks.ts";
import { AgentHub } from "./hub.ts";
import { DeploymentRuns } from "./runs.ts";
import { WAIT } from "../../testing/wait.ts";

/**
 * Agents held by another server process of the same store
 * (docs/scale-out.md "Agents"), played here by a row naming another
 * process, or by a second hub on the same store.
 */
let h: Harness;
let seed: Seed;
let p: PatternsFixture;
let ann: string;
let runner: DeploymentRunsApp["runner"];
let build: DeploymentRunsApp["build"];
useDeploymentRuns((app) => {
  ({ h, seed, p, ann, runner, build } = app);
});

const silent = { info() {}, warn() {}, error() {} };

/** Another server process on the same store, one of several (not the only server). */
function otherProcess(): AgentHub {
  const runs = new DeploymentRuns(h.db, h.clock, h.services.events);
  return new AgentHub(h.db, h.clock, h.services.events, runs, silent, 1000, {
    staleMs: 1000,
    onlyServer: false,
  });
}

const body = () => ({ build_id: build.build.id, deployment_id: p.toDb.id, agent_id: runner.id });

async function ageConnections(): Promise<void> {
  const { agentConnections } = tablesOf(h.db);
  await h.db.update(agentConnections).set({ heartbeatAt: Date.now() - 60_000 });
}

describe("agents held by another server process", () => {
  it("takes a run for an agent another process holds, and sends it once the agent connects here", async () => {
    await holdAgentConnection(h.db, runner.id, "another-process", Date.now());
    const id = await startRun(h, ann, body());
    expect((await getRun(h, ann, id)).status).toBe("QUEUED");
    const agent = await connectAgent(h, runner);
    await vi.waitFor(() => expect(agent.deploys().map((d) => d.run_id)).toEqual([id]), WAIT);
    await agent.say({ type: "run_started", run_id: id });
    await agent.say({ type: "run_finished", run_id: id, status: "SUCCEEDED" });
    expect((await getRun(h, ann, id)).status).toBe("SUCCEEDED");
  });

  it("answers 409 when the process holding the agent stopped heartbeating", async () => {
    await holdAgentConnection(h.db, runner.id, "another-process", Date.now() - 60_000);
    const res = await postRun(h, ann, body());
    expect(res.status).toBe(409);
    expect(await messageOf(res)).toBe("Agent 'runner-a' is not online");
  });

  it("ends the runs of an agent whose process stopped heartbeating, through another process", async () => {
    const agent = await connectAgent(h, runner);
    const id = await startRun(h, ann, body());
    await vi.waitFor(() => expect(agent.deploys()).toHaveLength(1), WAIT);
    await agent.say({ type: "run_started", run_id: id });
    await ageConnections();
    await otherProcess().recoverAfterRestart();
    const run = await getRun(h, ann, id);
    expect(run.status).toBe("FAILED");
    expect(run.log).toContain(
      "FAILED: The server process holding agent 'runner-a' stopped while the run was queued or running",
    );
    expect((await findAgentById(h.db, seed.acme.id, runner.id))?.online).toBe(0);
  });

  it("leaves a live process's agents and runs alone at another process's start", async () => {
    const agent = await connectAgent(h, runner);
    const id = await startRun(h, ann, body());
    await vi.waitFor(() => expect(agent.deploys()).toHaveLength(1), WAIT);
    await otherProcess().recoverAfterRestart();
    expect((await getRun(h, ann, id)).status).toBe("QUEUED");
    expect((await findAgentById(h.db, seed.acme.id, runner.id))?.online).toBe(1);
  });

  it("ends a queued run FAILED when no process holds its agent any more", async () => {
    await holdAgentConnection(h.db, runner.id, "another-process", Date.now());
    const id = await startRun(h, ann, body());
    const { agentConnections } = tablesOf(h.db);
    await h.db.delete(agentConnections);
    await otherProcess().recoverAfterRestart();
    const run = await getRun(h, ann, id);
    expect(run.status).toBe("FAILED");
    expect(run.log).toContain("FAILED: Agent 'runner-a' went offline before the run was sent");
  });
});
