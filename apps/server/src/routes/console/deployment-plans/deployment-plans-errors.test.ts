import { describe, expect, it } from "vitest";
import { seedBuild } from "../../../testing/deployments-fixture.ts";
import { THREE_STEPS, postPlan, seedTwoPatternBuild } from "../../../testing/deployment-plans.ts";
import {
  type DeploymentRunsApp,
  connectAgent,
  useDeploymentRuns,
} from "../../../testing/deployment-runs.ts";
import {
  expectBadField,
  expectMethodsNotAllowed,
  expectRecordNotFound,
  messageOf,
} from "../../../testing/route-checks.ts";

let app: DeploymentRunsApp;
useDeploymentRuns((a) => {
  app = a;
});

const plansOf = async (buildId: number) =>
  (await app.h.call(`/api/console/deployment_plans?build_id=${buildId}`, app.admin)).headers.get(
    "X-Total-Count",
  );

describe("deployment plans: errors", () => {
  it("answers 400 naming the step for an empty plan, a pattern or deployment not in the build", async () => {
    const { h, ann, runner } = app;
    await connectAgent(h, runner);
    const build = await seedTwoPatternBuild(app);
    const b = build.build.id;
    const cases: [object, string][] = [
      [
        { build_id: b, agent_group: "test", steps: [] },
        "Invalid value for 'steps': must hold at least one step",
      ],
      [{ build_id: b, agent_group: "test" }, "'steps' is required"],
      [
        {
          build_id: b,
          agent_group: "test",
          steps: [
            { pattern: "HUB", deployment: "to-db" },
            { pattern: "LNK", deployment: "to-db" },
          ],
        },
        `Invalid value for 'steps.1.pattern': build ${b} did not build a pattern named 'LNK'`,
      ],
      [
        { build_id: b, agent_group: "test", steps: [{ pattern: "SAT", deployment: "to-db" }] },
        "Invalid value for 'steps.0.deployment': pattern 'SAT' has no deployment named 'to-db'",
      ],
      [
        {
          build_id: b,
          agent_group: "test",
          steps: [...THREE_STEPS, { pattern: "HUB", deployment: "to-db" }],
        },
        "Invalid value for 'steps.3': 'to-db' of pattern 'HUB' is step 2 already",
      ],
      [
        { build_id: b, agent_group: "test", steps: [{ pattern: "HUB" }] },
        "'steps.0.deployment' is required",
      ],
      [
        { build_id: b, agent_group: "test", steps: [{ pattern: "HUB", deployment: "x", y: 1 }] },
        "Unknown field 'steps.0.y'",
      ],
      [
        { build_id: b, steps: THREE_STEPS },
        "One of 'agent_id', 'agent_group', 'agent_group_id' is required",
      ],
      [
        { build_id: b, agent_id: runner.id, agent_group: "test", steps: THREE_STEPS },
        "Give only one of 'agent_id', 'agent_group'",
      ],
    ];
    for (const [body, text] of cases) {
      const res = await postPlan(h, ann, body);
      expect(res.status, text).toBe(400);
      expect(await messageOf(res)).toBe(text);
    }
    expect(await plansOf(b)).toBe("0");
  });

  it("refuses an offline agent or group with 409 naming the field, and starts nothing", async () => {
    const { h, ann, p, runner } = app;
    const build = await seedTwoPatternBuild(app);
    const b = build.build.id;
    // runner-a is not connected; runner-1 of `prod` is marked online in the store only.
    const cases: [object, string][] = [
      [
        { build_id: b, agent_group: "test", steps: THREE_STEPS },
        "No agent of the agent group 'test' is online: 'agent_group' must name a group with an online agent",
      ],
      [
        { build_id: b, agent_group_id: p.prod.id, steps: THREE_STEPS },
        "No agent of the agent group 'prod' is online: 'agent_group_id' must name a group with an online agent",
      ],
      [
        { build_id: b, agent_id: runner.id, steps: THREE_STEPS },
        "Agent 'runner-a' is not online: 'agent_id' must name an online agent",
      ],
      [
        { build_id: b, agent_id: p.runner2.id, steps: THREE_STEPS },
        "Agent 'runner-2' is disabled: 'agent_id' must name an online agent",
      ],
    ];
    for (const [body, text] of cases) {
      const res = await postPlan(h, ann, body);
      expect(res.status, text).toBe(409);
      expect(await messageOf(res)).toBe(text);
    }
    expect(await plansOf(b)).toBe("0");
  });

  it("answers 409 for a build that is not finished", async () => {
    const { h, ann, seed, p, runner } = app;
    await connectAgent(h, runner);
    const building = await seedBuild(h.db, h.files, {
      customerId: seed.acme.id,
      projectId: seed.dwh.id,
      userId: seed.ann.id,
      patterns: [p.hub],
      status: "BUILDING",
    });
    const res = await postPlan(h, ann, {
      build_id: building.build.id,
      agent_group: "test",
      steps: [{ pattern: "HUB", deployment: "to-db" }],
    });
    expect(res.status).toBe(409);
    expect(await messageOf(res)).toBe(
      `Build ${building.build.id} is BUILDING: only a FINISHED build can be deployed`,
    );
  });

  it("answers 404 for unknown ids and names", async () => {
    const { h, ann, runner, build } = app;
    await connectAgent(h, runner);
    const steps = [{ pattern: "HUB", deployment: "to-db" }];
    const cases: [object, string][] = [
      [{ build_id: 999, agent_group: "test", steps }, "No record found for id '999'"],
      [{ build_id: build.build.id, agent_id: 999, steps }, "No record found for id '999'"],
      [
        { build_id: build.build.id, agent_group: "nope", steps },
        "An agent group with the name 'nope' does not exist!",
      ],
      [{ build_id: build.build.id, agent_group_id: 999, steps }, "No record found for id '999'"],
    ];
    for (const [body, text] of cases) {
      const res = await postPlan(h, ann, body);
      expect(res.status, text).toBe(404);
      expect(await messageOf(res)).toBe(text);
    }
  });

  it("answers 400 for a bad id, 404 for an unknown plan, 405 for other methods", async () => {
    const { h, admin } = app;
    await expectBadField(h, "/api/console/deployment_plans/abc", admin, "'id'");
    await expectBadField(h, "/api/console/deployment_plans?build_id=x", admin, "'build_id'");
    await expectRecordNotFound(h, "/api/console/deployment_plans/999", admin, 999);
    await expectMethodsNotAllowed(h, admin, [
      ["DELETE", "/api/console/deployment_plans/1"],
      ["PATCH", "/api/console/deployment_plans/1"],
    ]);
  });
});
