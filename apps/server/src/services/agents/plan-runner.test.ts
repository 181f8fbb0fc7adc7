import type { DeploymentPlan } from "@metabuild/contract";
import { schema as s } from "@metabuild/db";
import { and, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import {
  THREE_STEPS,
  getPlan,
  postPlan,
  seedTwoPatternBuild,
} from "../../testing/deployment-plans.ts";
import {
  type DeploymentRunsApp,
  connectAgent,
  useDeploymentRuns,
} from "../../testing/deployment-runs.ts";
import { WAIT } from "../../testing/wait.ts";

let app: DeploymentRunsApp;
useDeploymentRuns((a) => {
  app = a;
});

/** A plan of THREE_STEPS through the `test` group, with runner-a connected. */
async function startPlan() {
  const { h, ann, runner } = app;
  const agent = await connectAgent(h, runner);
  const build = await seedTwoPatternBuild(app);
  const res = await postPlan(h, ann, {
    build_id: build.build.id,
    agent_group: "test",
    steps: THREE_STEPS,
  });
  expect(res.status).toBe(201);
  return { agent, plan: (await res.json()) as DeploymentPlan };
}

describe("deployment plan runner", () => {
  it("stops at the first failed step and skips the rest", async () => {
    const { h, ann } = app;
    const { agent, plan } = await startPlan();
    await vi.waitFor(() => expect(agent.deploys()).toHaveLength(1), WAIT);
    await agent.say({
      type: "run_finished",
      run_id: agent.deploys()[0].run_id,
      status: "SUCCEEDED",
    });
    await vi.waitFor(() => expect(agent.deploys()).toHaveLength(2), WAIT);
    const second = agent.deploys()[1].run_id;
    await agent.say({ type: "run_started", run_id: second });
    await agent.say({ type: "run_log", run_id: second, line: "ERROR: table h_customer exists" });
    await agent.say({ type: "run_finished", run_id: second, status: "FAILED", message: "x" });

    const done = await getPlan(h, ann, plan.id);
    expect(done.status).toBe("FAILED");
    expect(done.message).toBe("Step 2 (HUB, to-db) failed: ERROR: table h_customer exists");
    expect(done.ended_at).not.toBeNull();
    expect(done.steps.map((st) => st.status)).toEqual(["SUCCEEDED", "FAILED", "SKIPPED"]);
    expect(done.steps[2].build_deployment_id).toBeNull();
    expect(done.steps[2].ended_at).toBeNull();
    // The third step was never sent to the agent, not even later.
    await new Promise((r) => setTimeout(r, 50));
    expect(agent.deploys()).toHaveLength(2);
  });

  it("ends the plan FAILED when the next step cannot start, naming the reason", async () => {
    const { h, ann, seed } = app;
    const { agent, plan } = await startPlan();
    await vi.waitFor(() => expect(agent.deploys()).toHaveLength(1), WAIT);
    // The starter loses write_builds while step 1 runs: step 2 is refused like any deployment.
    await h.db
      .delete(s.grants)
      .where(
        and(
          eq(s.grants.userId, seed.ann.id),
          eq(s.grants.projectId, seed.dwh.id),
          eq(s.grants.permission, "write_builds"),
        ),
      );
    await agent.say({
      type: "run_finished",
      run_id: agent.deploys()[0].run_id,
      status: "SUCCEEDED",
    });

    const done = await getPlan(h, ann, plan.id);
    expect(done.status).toBe("FAILED");
    expect(done.message).toBe(
      "Step 2 (HUB, to-db) could not start: You don't have permissions to start builds in this project!",
    );
    expect(done.steps.map((st) => st.status)).toEqual(["SUCCEEDED", "FAILED", "SKIPPED"]);
    expect(done.steps[1].ended_at).toBe(done.ended_at);
    expect(agent.deploys()).toHaveLength(1);
  });

  it("fails the plan when its agent drops mid-step", async () => {
    const { h, ann } = app;
    const { agent, plan } = await startPlan();
    await vi.waitFor(() => expect(agent.deploys()).toHaveLength(1), WAIT);
    agent.session.closed();
    await agent.session.settled();
    // The runner follows the run's status event in an asynchronous listener.
    await h.services.events.idle();
    const done = await getPlan(h, ann, plan.id);
    expect(done.status).toBe("FAILED");
    expect(done.message).toMatch(
      /^Step 1 \(HUB, to-folder\) failed: FAILED: Agent 'runner-a' disconnected during the run/,
    );
    expect(done.steps.map((st) => st.status)).toEqual(["FAILED", "SKIPPED", "SKIPPED"]);
  });

  it("leaves no plan RUNNING after a server restart, and starts no later step", async () => {
    const { h, ann } = app;
    const { agent, plan } = await startPlan();
    await vi.waitFor(() => expect(agent.deploys()).toHaveLength(1), WAIT);
    await agent.say({ type: "run_started", run_id: agent.deploys()[0].run_id });
    // What startServer does at start, in this order.
    await h.services.planRunner.recoverAfterRestart();
    await h.services.agentHub.recoverAfterRestart();
    const done = await getPlan(h, ann, plan.id);
    expect(done.status).toBe("FAILED");
    expect(done.message).toBe("The server restarted while the plan was running");
    expect(done.steps.map((st) => st.status)).toEqual(["FAILED", "SKIPPED", "SKIPPED"]);
    expect(agent.deploys()).toHaveLength(1);
  });

  it("ends a plan FAILED at restart when it died between two steps", async () => {
    const { h, ann } = app;
    const { agent, plan } = await startPlan();
    await vi.waitFor(() => expect(agent.deploys()).toHaveLength(1), WAIT);
    // This runner may still be handling step 1's QUEUED event; a dead process would not be.
    await h.services.events.idle();
    // As if the process died right after step 1 ended, before step 2 was started.
    await h.db
      .update(s.buildDeployments)
      .set({ status: "SUCCEEDED", finishedAt: new Date().toISOString() })
      .where(eq(s.buildDeployments.id, agent.deploys()[0].run_id));
    await h.services.planRunner.recoverAfterRestart();
    await h.services.agentHub.recoverAfterRestart();
    const done = await getPlan(h, ann, plan.id);
    expect(done.status).toBe("FAILED");
    expect(done.steps.map((st) => st.status)).toEqual(["SUCCEEDED", "SKIPPED", "SKIPPED"]);
  });
});
