import type { DeploymentPlan } from "@metabuild/contract";
import { describe, expect, it, vi } from "vitest";
import {
  THREE_STEPS,
  getPlan,
  postPlan,
  seedTwoPatternBuild,
} from "../../../testing/deployment-plans.ts";
import {
  type DeploymentRunsApp,
  connectAgent,
  useDeploymentRuns,
} from "../../../testing/deployment-runs.ts";
import { openEventStream } from "../../../testing/event-stream.ts";
import { listOf } from "../../../testing/route-checks.ts";
import { WAIT } from "../../../testing/wait.ts";

let app: DeploymentRunsApp;
useDeploymentRuns((a) => {
  app = a;
});

describe("deployment plans: happy path", () => {
  it("runs the steps in order through a group's agent, one after the other", async () => {
    const { h, p, ann, runner, events } = app;
    const agent = await connectAgent(h, runner);
    const build = await seedTwoPatternBuild(app);
    const res = await postPlan(h, ann, {
      build_id: build.build.id,
      agent_group: "test",
      steps: THREE_STEPS,
    });
    expect(res.status).toBe(201);
    const plan = (await res.json()) as DeploymentPlan;
    expect(plan).toMatchObject({
      build_id: build.build.id,
      project_id: app.seed.dwh.id,
      agent_id: runner.id,
      agent_group_id: p.test.id,
      status: "RUNNING",
      message: null,
      ended_at: null,
    });
    expect(plan.steps.map((s) => [s.position, s.pattern, s.deployment, s.status])).toEqual([
      [1, "HUB", "to-folder", "QUEUED"],
      [2, "HUB", "to-db", "PENDING"],
      [3, "SAT", "to-folder", "PENDING"],
    ]);
    expect(plan.steps[0].deployment_id).toBe(p.toFolder.id);
    expect(plan.steps[1].build_deployment_id).toBeNull();

    // Each step is an ordinary deployment: the agent gets one `deploy` at a time.
    for (const [i, step] of THREE_STEPS.entries()) {
      await vi.waitFor(() => expect(agent.deploys()).toHaveLength(i + 1), WAIT);
      const deploy = agent.deploys()[i];
      expect([deploy.pattern.name, deploy.deployment.name]).toEqual([
        step.pattern,
        step.deployment,
      ]);
      await agent.say({ type: "run_started", run_id: deploy.run_id });
      await agent.say({ type: "run_log", run_id: deploy.run_id, line: `deployed ${step.pattern}` });
      expect((await getPlan(h, ann, plan.id)).steps[i].status).toBe("RUNNING");
      await agent.say({ type: "run_finished", run_id: deploy.run_id, status: "SUCCEEDED" });
    }

    const done = await getPlan(h, ann, plan.id);
    expect(done.status).toBe("SUCCEEDED");
    expect(done.ended_at).not.toBeNull();
    expect(done.steps.map((s) => s.status)).toEqual(["SUCCEEDED", "SUCCEEDED", "SUCCEEDED"]);
    for (const step of done.steps) {
      expect(step.started_at).not.toBeNull();
      expect(step.ended_at).not.toBeNull();
    }
    // The steps' runs are listed with the build's deployments, with their logs.
    const runs = await listOf<{ id: number; log: string }>(
      h,
      `/api/v1/build_deployments?build_id=${build.build.id}`,
      ann,
    );
    expect(runs.map((r) => r.id).sort()).toEqual(
      done.steps.map((s) => s.build_deployment_id).sort(),
    );
    expect(runs.find((r) => r.id === done.steps[1].build_deployment_id)?.log).toContain(
      "deployed HUB",
    );

    // Every change reached the event bus, ending with the finished plan.
    const planEvents = events
      .filter((e) => e.type === "deployment_plan.status")
      .map((e) => e.deployment_plan as DeploymentPlan);
    expect(planEvents.length).toBeGreaterThanOrEqual(7);
    expect(planEvents.at(-1)).toMatchObject({ id: plan.id, status: "SUCCEEDED" });
    expect(
      planEvents.some((e) => e.steps[2].status === "RUNNING" && e.steps[1].status === "SUCCEEDED"),
    ).toBe(true);
  });

  it("runs on one named agent and lists the plans of a build", async () => {
    const { h, ann, admin, runner } = app;
    const agent = await connectAgent(h, runner);
    const build = await seedTwoPatternBuild(app);
    const res = await postPlan(h, ann, {
      build_id: build.build.id,
      agent_id: runner.agentId,
      steps: [{ pattern: "SAT", deployment: "to-folder" }],
    });
    expect(res.status).toBe(201);
    const plan = (await res.json()) as DeploymentPlan;
    expect(plan.agent_group_id).toBeNull();
    await vi.waitFor(() => expect(agent.deploys()).toHaveLength(1), WAIT);
    await agent.say({
      type: "run_finished",
      run_id: agent.deploys()[0].run_id,
      status: "SUCCEEDED",
    });
    expect((await getPlan(h, ann, plan.id)).status).toBe("SUCCEEDED");

    const list = await h.call(`/api/console/deployment_plans?build_id=${build.build.id}`, admin);
    expect(list.headers.get("X-Total-Count")).toBe("1");
    expect(((await list.json()) as DeploymentPlan[])[0]).toMatchObject({
      id: plan.id,
      steps: [{ pattern: "SAT", status: "SUCCEEDED" }],
    });
    const other = await h.call(`/api/console/deployment_plans?build_id=${app.build.build.id}`, ann);
    expect(other.headers.get("X-Total-Count")).toBe("0");
  });

  it("records the start in the audit log", async () => {
    const { h, ann, admin, runner } = app;
    await connectAgent(h, runner);
    const build = await seedTwoPatternBuild(app);
    const plan = (await (
      await postPlan(h, ann, { build_id: build.build.id, agent_group: "test", steps: THREE_STEPS })
    ).json()) as DeploymentPlan;
    const audit = await listOf<{ action: string; target_id: string; after: unknown }>(
      h,
      "/api/console/audit?action=deployment_plan.start",
      admin,
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      target_id: String(plan.id),
      after: {
        build_id: build.build.id,
        agent: "runner-a",
        agent_group: "test",
        steps: ["HUB to-folder", "HUB to-db", "SAT to-folder"],
      },
    });
  });

  it("sends plan and step changes to the console's event stream of users who may see them", async () => {
    const { h, ann, bob, runner } = app;
    const agent = await connectAgent(h, runner);
    const build = await seedTwoPatternBuild(app);
    const bobs = await openEventStream(h, bob);
    const eve = await openEventStream(h, await h.token("eve@globex.test"));
    const plan = (await (
      await postPlan(h, ann, {
        build_id: build.build.id,
        agent_group: "test",
        steps: [{ pattern: "HUB", deployment: "to-db" }],
      })
    ).json()) as DeploymentPlan;
    await vi.waitFor(() => expect(agent.deploys()).toHaveLength(1), WAIT);
    await agent.say({
      type: "run_finished",
      run_id: agent.deploys()[0].run_id,
      status: "SUCCEEDED",
    });

    const seen: DeploymentPlan[] = [];
    while (seen.at(-1)?.status !== "SUCCEEDED") {
      const e = await bobs.next(10_000);
      if (!e) throw new Error("the stream ended or stalled");
      if (e.event === "deployment_plan.status")
        seen.push((e.data as { deployment_plan: DeploymentPlan }).deployment_plan);
    }
    expect(seen[0]).toMatchObject({ id: plan.id, status: "RUNNING" });
    expect(seen.at(-1)?.steps[0].status).toBe("SUCCEEDED");
    // Another customer's stream gets none of it.
    for (let e = await eve.next(300); e; e = await eve.next(300))
      expect(e.event).not.toBe("deployment_plan.status");
    bobs.close();
    eve.close();
  });
});
