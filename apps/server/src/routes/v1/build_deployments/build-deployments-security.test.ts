import { describe, expect, it } from "vitest";
import { seedAgent, seedBuild } from "../../../testing/deployments-fixture.ts";
import {
  type DeploymentRunsApp,
  connectAgent,
  getRun,
  postRun,
  startRun,
  useDeploymentRuns,
} from "../../../testing/deployment-runs.ts";
import type { Harness } from "../../../testing/harness.ts";
import type { PatternsFixture } from "../../../testing/patterns-fixture.ts";
import {
  expectNoProjectAccess,
  expectNotAuthenticated,
  expectNotFound,
  messageOf,
} from "../../../testing/route-checks.ts";
import type { Seed } from "../../../testing/route-suite.ts";

let h: Harness;
let seed: Seed;
let p: PatternsFixture;
let ann: string;
let bob: string;
let admin: string;
let runner: DeploymentRunsApp["runner"];
let build: DeploymentRunsApp["build"];
useDeploymentRuns((app) => {
  ({ h, seed, p, ann, bob, admin, runner, build } = app);
});

const connect = (agent: { agentId: string }) => connectAgent(h, agent);
const post = (token: string, body: object) => postRun(h, token, body);

describe("build deployments: security", () => {
  it("refuses requests without a token", async () => {
    await expectNotAuthenticated(h, "/api/v1/build_deployments");
    await expectNotAuthenticated(h, "/api/v1/build_deployments", {
      method: "POST",
      body: JSON.stringify({ build_id: build.build.id }),
    });
  });

  it("needs write_builds to start a run", async () => {
    await connect(runner);
    const res = await post(bob, {
      build_id: build.build.id,
      deployment_id: p.toDb.id,
      agent_id: runner.id,
    });
    expect(res.status).toBe(403);
    expect(await messageOf(res)).toBe(
      "You don't have permissions to start builds in this project!",
    );
  });

  it("hides another customer's builds, agents and runs as 404", async () => {
    await connect(runner);
    const foreign = await seedBuild(h.db, h.files, {
      customerId: seed.other.id,
      projectId: seed.foreign.id,
      userId: seed.eve.id,
      patterns: [p.gHub],
    });
    const foreignBuild = await post(admin, {
      build_id: foreign.build.id,
      deployment_id: p.toDb.id,
      agent_id: runner.id,
    });
    expect(foreignBuild.status).toBe(404);
    const foreignAgent = await post(admin, {
      build_id: build.build.id,
      deployment_id: p.toDb.id,
      agent_id: p.foreignAgent.agentId,
    });
    expect(foreignAgent.status).toBe(404);
    const eve = await h.token("eve@globex.test");
    const id = await startRun(h, ann, {
      build_id: build.build.id,
      deployment_id: p.toDb.id,
      agent_id: runner.id,
    });
    await expectNotFound(h, `/api/v1/build_deployments/${id}`, eve);
    expect((await h.call("/api/v1/build_deployments", eve)).headers.get("X-Total-Count")).toBe("0");
  });

  it("shows runs only to users with access to their project", async () => {
    await connect(runner);
    const lake = await seedBuild(h.db, h.files, {
      customerId: seed.acme.id,
      projectId: seed.lake.id,
      userId: seed.admin.id,
      patterns: [p.hub],
    });
    const id = await startRun(h, admin, {
      build_id: lake.build.id,
      deployment_id: p.toDb.id,
      agent_id: runner.id,
    });
    await expectNoProjectAccess(h, `/api/v1/build_deployments/${id}`, ann);
    expect((await h.call("/api/v1/build_deployments", ann)).headers.get("X-Total-Count")).toBe("0");
    expect((await h.call("/api/v1/build_deployments", admin)).headers.get("X-Total-Count")).toBe(
      "1",
    );
  });

  it("ignores an agent reporting on a run that was sent to another agent", async () => {
    const other = await seedAgent(h.db, { customerId: seed.acme.id, name: "intruder" });
    await connect(runner);
    const intruder = await connect(other);
    const id = await startRun(h, ann, {
      build_id: build.build.id,
      deployment_id: p.toDb.id,
      agent_id: runner.id,
    });
    await intruder.say({ type: "run_log", run_id: id, line: "forged" });
    await intruder.say({ type: "run_finished", run_id: id, status: "SUCCEEDED" });
    const run = await getRun(h, ann, id);
    expect(run.status).toBe("QUEUED");
    expect(run.log).not.toContain("forged");
  });
});
