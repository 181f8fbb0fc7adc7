import type { DeploymentPlan } from "@metabuild/contract";
import { describe, expect, it } from "vitest";
import { seedBuild } from "../../../testing/deployments-fixture.ts";
import { THREE_STEPS, postPlan, seedTwoPatternBuild } from "../../../testing/deployment-plans.ts";
import {
  type DeploymentRunsApp,
  connectAgent,
  useDeploymentRuns,
} from "../../../testing/deployment-runs.ts";
import {
  expectNoProjectAccess,
  expectNotAuthenticated,
  expectNotFound,
  messageOf,
} from "../../../testing/route-checks.ts";

let app: DeploymentRunsApp;
useDeploymentRuns((a) => {
  app = a;
});

describe("deployment plans: security", () => {
  it("refuses requests without a token", async () => {
    const { h, build } = app;
    await expectNotAuthenticated(app.h, "/api/console/deployment_plans");
    await expectNotAuthenticated(h, "/api/console/deployment_plans/1");
    await expectNotAuthenticated(h, "/api/console/deployment_plans", {
      method: "POST",
      body: JSON.stringify({ build_id: build.build.id, agent_group: "test", steps: THREE_STEPS }),
    });
  });

  it("needs write_builds on the build's project to start a plan", async () => {
    const { h, bob, runner } = app;
    await connectAgent(h, runner);
    const build = await seedTwoPatternBuild(app);
    const res = await postPlan(h, bob, {
      build_id: build.build.id,
      agent_group: "test",
      steps: THREE_STEPS,
    });
    expect(res.status).toBe(403);
    expect(await messageOf(res)).toBe(
      "You don't have permissions to start builds in this project!",
    );
  });

  it("hides another customer's builds, agents, groups and plans as 404", async () => {
    const { h, seed, p, ann, admin, runner } = app;
    await connectAgent(h, runner);
    const foreign = await seedBuild(h.db, h.files, {
      customerId: seed.other.id,
      projectId: seed.foreign.id,
      userId: seed.eve.id,
      patterns: [p.gHub],
    });
    const steps = [{ pattern: "G_HUB", deployment: "g-deploy" }];
    expect(
      (await postPlan(h, admin, { build_id: foreign.build.id, agent_group: "test", steps })).status,
    ).toBe(404);
    const build = await seedTwoPatternBuild(app);
    const foreignAgent = await postPlan(h, admin, {
      build_id: build.build.id,
      agent_id: p.foreignAgent.agentId,
      steps: THREE_STEPS,
    });
    expect(foreignAgent.status).toBe(404);
    const foreignGroup = await postPlan(h, admin, {
      build_id: build.build.id,
      agent_group_id: p.foreignGroup.id,
      steps: THREE_STEPS,
    });
    expect(foreignGroup.status).toBe(404);

    const plan = (await (
      await postPlan(h, ann, { build_id: build.build.id, agent_group: "test", steps: THREE_STEPS })
    ).json()) as DeploymentPlan;
    const eve = await h.token("eve@globex.test");
    await expectNotFound(h, `/api/console/deployment_plans/${plan.id}`, eve);
    const list = await h.call("/api/console/deployment_plans", eve);
    expect(list.headers.get("X-Total-Count")).toBe("0");
  });

  it("shows plans only to users with access to their project", async () => {
    const { h, seed, p, ann, admin, runner } = app;
    await connectAgent(h, runner);
    const lake = await seedBuild(h.db, h.files, {
      customerId: seed.acme.id,
      projectId: seed.lake.id,
      userId: seed.admin.id,
      patterns: [p.hub],
    });
    const res = await postPlan(h, admin, {
      build_id: lake.build.id,
      agent_group: "test",
      steps: [{ pattern: "HUB", deployment: "to-db" }],
    });
    expect(res.status).toBe(201);
    const plan = (await res.json()) as DeploymentPlan;
    await expectNoProjectAccess(h, `/api/console/deployment_plans/${plan.id}`, ann);
    expect((await h.call("/api/console/deployment_plans", ann)).headers.get("X-Total-Count")).toBe(
      "0",
    );
    expect(
      (await h.call("/api/console/deployment_plans", admin)).headers.get("X-Total-Count"),
    ).toBe("1");
    // The plan's live events carry its project, so only those who may see it get them.
    expect(
      app.events
        .filter((e) => e.type === "deployment_plan.status")
        .every((e) => e.projectId === seed.lake.id),
    ).toBe(true);
  });
});
