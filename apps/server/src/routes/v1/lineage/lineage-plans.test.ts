import type { DeploymentPlan } from "@metabuild/contract";
import { insertReferenceRows, schema } from "@metabuild/db";
import { describe, expect, it } from "vitest";
import { postPlan, seedTwoPatternBuild } from "../../../testing/deployment-plans.ts";
import {
  type DeploymentRunsApp,
  connectAgent,
  useDeploymentRuns,
} from "../../../testing/deployment-runs.ts";
import { messageOf } from "../../../testing/route-checks.ts";

// Deployment plans ordered by the lineage graph (docs/lineage.md "Deployment plans").
let app: DeploymentRunsApp;
useDeploymentRuns((a) => {
  app = a;
});

const STEPS_SAT_FIRST = [
  { pattern: "SAT", deployment: "to-folder" },
  { pattern: "HUB", deployment: "to-db" },
  { pattern: "HUB", deployment: "to-folder" },
];

/** A finished build of HUB CUSTOMER, HUB ORDER and SAT CUSTOMER; the SAT reads the HUB CUSTOMER. */
async function builtVault() {
  const { h, p, seed } = app;
  const { build } = await seedTwoPatternBuild(app);
  await h.db.insert(schema.buildInstances).values([
    { buildId: build.id, instanceId: p.customer.id, patternId: p.hub.id, version: 1 },
    { buildId: build.id, instanceId: p.order.id, patternId: p.hub.id, version: 1 },
    { buildId: build.id, instanceId: p.customerSat.id, patternId: p.sat.id, version: 1 },
  ]);
  const ref = (source: { id: number }, target: { id: number }) => ({
    projectId: seed.dwh.id,
    sourceInstanceId: source.id,
    property: "SOURCE",
    sourcePosNo: 1,
    targetInstanceId: target.id,
  });
  await insertReferenceRows(h.db, [ref(p.customerSat, p.customer)]);
  return { build, ref };
}

describe("graph-ordered deployment plans", () => {
  it("runs the patterns in dependency order, keeping a pattern's steps in the given order", async () => {
    const { h, ann, runner } = app;
    await connectAgent(h, runner);
    const { build } = await builtVault();
    const res = await postPlan(h, ann, {
      build_id: build.id,
      agent_group: "test",
      order: "graph",
      steps: STEPS_SAT_FIRST,
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const plan = (await res.json()) as DeploymentPlan;
    expect(plan.steps.map((s) => [s.position, s.pattern, s.deployment])).toEqual([
      [1, "HUB", "to-db"],
      [2, "HUB", "to-folder"],
      [3, "SAT", "to-folder"],
    ]);
  });

  it("keeps the given order without `order` or with order given", async () => {
    const { h, ann, runner } = app;
    await connectAgent(h, runner);
    const { build } = await builtVault();
    for (const order of [undefined, "given"]) {
      const res = await postPlan(h, ann, {
        build_id: build.id,
        agent_group: "test",
        order,
        steps: STEPS_SAT_FIRST,
      });
      expect(res.status).toBe(201);
      const plan = (await res.json()) as DeploymentPlan;
      expect(plan.steps.map((s) => s.pattern)).toEqual(["SAT", "HUB", "HUB"]);
    }
  });

  it("refuses a cycle among the build's instances with 409 naming it, storing nothing", async () => {
    const { h, ann, runner, p } = app;
    await connectAgent(h, runner);
    const { build, ref } = await builtVault();
    await insertReferenceRows(h.db, [ref(p.customer, p.customerSat)]);
    const res = await postPlan(h, ann, {
      build_id: build.id,
      agent_group: "test",
      order: "graph",
      steps: STEPS_SAT_FIRST,
    });
    expect(res.status).toBe(409);
    expect(await messageOf(res)).toBe(
      `Build ${build.id}'s instances reference each other in a cycle, so the plan has no graph order: HUB:/a/b/c/CUSTOMER → SAT:/other/CUSTOMER → HUB:/a/b/c/CUSTOMER`,
    );
    const list = await h.call(`/api/console/deployment_plans?build_id=${build.id}`, ann);
    expect(await list.json()).toEqual([]);
  });

  it("refuses patterns whose instances read each other both ways", async () => {
    const { h, ann, runner, p } = app;
    await connectAgent(h, runner);
    const { build, ref } = await builtVault();
    // HUB ORDER reads SAT CUSTOMER, which reads HUB CUSTOMER: no cycle of instances, one of patterns.
    await insertReferenceRows(h.db, [ref(p.order, p.customerSat)]);
    const res = await postPlan(h, ann, {
      build_id: build.id,
      agent_group: "test",
      order: "graph",
      steps: STEPS_SAT_FIRST,
    });
    expect(res.status).toBe(409);
    expect(await messageOf(res)).toBe(
      `Build ${build.id}'s patterns reference each other both ways, so the plan has no graph order: SAT → HUB → SAT`,
    );
  });

  it("names a bad order", async () => {
    const { h, ann } = app;
    const { build } = await builtVault();
    const res = await postPlan(h, ann, {
      build_id: build.id,
      agent_group: "test",
      order: "topological",
      steps: STEPS_SAT_FIRST,
    });
    expect(res.status).toBe(400);
    expect(await messageOf(res)).toContain("order");
  });

  it("still needs write_builds", async () => {
    const { h, bob } = app;
    const { build } = await builtVault();
    const res = await postPlan(h, bob, {
      build_id: build.id,
      agent_group: "test",
      order: "graph",
      steps: STEPS_SAT_FIRST,
    });
    expect(res.status).toBe(403);
  });
});
