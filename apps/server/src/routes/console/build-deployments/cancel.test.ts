import type { BuildDeployment, DeploymentPlan } from "@metabuild/contract";
import { describe, expect, it, vi } from "vitest";
import { THREE_STEPS, postPlan, seedTwoPatternBuild } from "../../../testing/deployment-plans.ts";
import {
  type DeploymentRunsApp,
  connectAgent,
  getRun,
  startRun,
  useDeploymentRuns,
} from "../../../testing/deployment-runs.ts";
import { timeLimitOf } from "../../../services/agents/dispatch.ts";
import { WAIT } from "../../../testing/wait.ts";

let app: DeploymentRunsApp;
useDeploymentRuns((a) => {
  app = a;
});

const cancelRun = (id: number, token = app.ann) =>
  app.h.call(`/api/console/build_deployments/${id}/cancel`, token, { method: "POST" });
const cancelPlan = (id: number, token = app.ann) =>
  app.h.call(`/api/console/deployment_plans/${id}/cancel`, token, { method: "POST" });
const runOf = (deployment = "to-db") => ({
  build_id: app.build.build.id,
  deployment,
  agent_id: app.runner.id,
});

describe("cancel a build deployment: happy path", () => {
  it("ends a running run CANCELLED at once and tells the agent to stop it", async () => {
    const agent = await connectAgent(app.h, app.runner);
    const id = await startRun(app.h, app.ann, runOf());
    await vi.waitFor(() => expect(agent.deploys()).toHaveLength(1), WAIT);
    await agent.say({ type: "run_started", run_id: id });

    const res = await cancelRun(id);
    expect(res.status).toBe(200);
    const run = (await res.json()) as BuildDeployment;
    expect(run).toMatchObject({ id, status: "CANCELLED", finished_at: expect.any(String) });
    expect(run.log).toContain("CANCELLED by ann@acme.test");
    expect(agent.sent).toContainEqual({ type: "cancel", run_id: id });

    // What the agent says after it stopped never changes the outcome.
    await agent.say({ type: "run_finished", run_id: id, status: "FAILED", message: "Cancelled" });
    expect((await getRun(app.h, app.bob, id)).status).toBe("CANCELLED");
  });

  it("shows a waiting run's place in its agent's line, and cancels it before it starts", async () => {
    const agent = await connectAgent(app.h, app.runner);
    const first = await startRun(app.h, app.ann, runOf());
    const second = await startRun(app.h, app.ann, runOf("to-folder"));
    await vi.waitFor(() => expect(agent.deploys()).toHaveLength(2), WAIT);
    await agent.say({ type: "run_started", run_id: first });

    const waiting = (await (
      await app.h.call(`/api/v1/build_deployments/${second}`, app.bob)
    ).json()) as BuildDeployment;
    expect(waiting).toMatchObject({ status: "QUEUED", queue_position: 2 });
    expect(waiting.log).toContain("1 run ahead of it");
    const running = (await (
      await app.h.call(`/api/v1/build_deployments/${first}`, app.bob)
    ).json()) as BuildDeployment;
    expect(running.queue_position).toBeNull();

    expect((await cancelRun(second)).status).toBe(200);
    expect(agent.sent).toContainEqual({ type: "cancel", run_id: second });
    // The run that was running is untouched.
    expect((await getRun(app.h, app.bob, first)).status).toBe("RUNNING");
  });

  it("sends the deployment's time limit with the run", async () => {
    const agent = await connectAgent(app.h, app.runner);
    await startRun(app.h, app.ann, runOf());
    await vi.waitFor(() => expect(agent.deploys()).toHaveLength(1), WAIT);
    expect(agent.deploys()[0].deployment.time_limit_seconds).toBe(3600);
  });
});

describe("cancel a build deployment: errors and security", () => {
  it("answers 409 for a run that has ended", async () => {
    const agent = await connectAgent(app.h, app.runner);
    const id = await startRun(app.h, app.ann, runOf());
    await vi.waitFor(() => expect(agent.deploys()).toHaveLength(1), WAIT);
    await agent.say({ type: "run_finished", run_id: id, status: "SUCCEEDED" });
    const res = await cancelRun(id);
    expect(res.status).toBe(409);
    expect(((await res.json()) as { message: string }).message).toBe(
      `Build deployment ${id} is SUCCEEDED: only a QUEUED or RUNNING run can be cancelled`,
    );
  });

  it("needs write_builds, a token, and a run of the user's own customer", async () => {
    await connectAgent(app.h, app.runner);
    const id = await startRun(app.h, app.ann, runOf());
    expect((await cancelRun(id, app.bob)).status).toBe(403);
    expect((await cancelRun(id, "")).status).toBe(401);
    expect((await cancelRun(999_999)).status).toBe(404);
    expect((await getRun(app.h, app.bob, id)).status).not.toBe("CANCELLED");
  });
});

describe("cancel a deployment plan", () => {
  it("ends the plan CANCELLED, cancels its running step and skips the rest", async () => {
    const agent = await connectAgent(app.h, app.runner);
    const build = await seedTwoPatternBuild(app);
    const res = await postPlan(app.h, app.ann, {
      build_id: build.build.id,
      agent_group: "test",
      steps: THREE_STEPS,
    });
    const plan = (await res.json()) as DeploymentPlan;
    await vi.waitFor(() => expect(agent.deploys()).toHaveLength(1), WAIT);
    const runId = agent.deploys()[0].run_id;
    await agent.say({ type: "run_started", run_id: runId });

    const cancelled = await cancelPlan(plan.id);
    expect(cancelled.status).toBe(200);
    const body = (await cancelled.json()) as DeploymentPlan;
    expect(body).toMatchObject({ status: "CANCELLED", message: "Cancelled by ann@acme.test" });
    expect(body.steps.map((s) => s.status)).toEqual(["CANCELLED", "SKIPPED", "SKIPPED"]);
    expect(agent.sent).toContainEqual({ type: "cancel", run_id: runId });
    expect((await cancelPlan(plan.id)).status).toBe(409);
    expect((await cancelPlan(plan.id, app.bob)).status).toBe(403);
  });

  it("ends the plan CANCELLED when its running step's run is cancelled", async () => {
    const agent = await connectAgent(app.h, app.runner);
    const build = await seedTwoPatternBuild(app);
    const plan = (await (
      await postPlan(app.h, app.ann, {
        build_id: build.build.id,
        agent_group: "test",
        steps: THREE_STEPS,
      })
    ).json()) as DeploymentPlan;
    await vi.waitFor(() => expect(agent.deploys()).toHaveLength(1), WAIT);
    expect((await cancelRun(agent.deploys()[0].run_id)).status).toBe(200);
    await vi.waitFor(async () => {
      const now = (await (
        await app.h.call(`/api/console/deployment_plans/${plan.id}`, app.ann)
      ).json()) as DeploymentPlan;
      expect(now).toMatchObject({
        status: "CANCELLED",
        message: "Step 1 (HUB, to-folder) was cancelled",
      });
      expect(now.steps.map((s) => s.status)).toEqual(["CANCELLED", "SKIPPED", "SKIPPED"]);
    }, WAIT);
    // The agent never gets the later steps.
    expect(agent.deploys()).toHaveLength(1);
  });
});

describe("a deployment's time limit", () => {
  it("is the definition's time_limit_seconds, else the configured default", () => {
    expect(timeLimitOf("to-db", {}, 3600)).toBe(3600);
    expect(timeLimitOf("to-db", { time_limit_seconds: 90 }, 3600)).toBe(90);
    for (const bad of [0, -1, 1.5, "90"])
      expect(() => timeLimitOf("to-db", { time_limit_seconds: bad }, 3600)).toThrow(
        "Deployment 'to-db': 'time_limit_seconds' must be a whole number of seconds, at least 1",
      );
  });
});
