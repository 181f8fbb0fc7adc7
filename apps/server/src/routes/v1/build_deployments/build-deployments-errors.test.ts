import { findAgentById } from "@metabuild/db";
import { describe, expect, it, vi } from "vitest";
import { seedBuild } from "../../../testing/deployments-fixture.ts";
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
  expectBadField,
  expectMethodsNotAllowed,
  expectRecordNotFound,
  messageOf,
} from "../../../testing/route-checks.ts";
import type { Seed } from "../../../testing/route-suite.ts";
import { WAIT } from "../../../testing/wait.ts";

let h: Harness;
let seed: Seed;
let p: PatternsFixture;
let ann: string;
let admin: string;
let runner: DeploymentRunsApp["runner"];
let build: DeploymentRunsApp["build"];
useDeploymentRuns((app) => {
  ({ h, seed, p, ann, admin, runner, build } = app);
});

const connect = (agent: { agentId: string }) => connectAgent(h, agent);
const post = (token: string, body: object) => postRun(h, token, body);

describe("build deployments: errors", () => {
  it("fails the run with the reason when the agent drops mid-run", async () => {
    const agent = await connect(runner);
    const id = await startRun(h, ann, {
      build_id: build.build.id,
      deployment_id: p.toDb.id,
      agent_id: runner.id,
    });
    await vi.waitFor(() => expect(agent.deploys()).toHaveLength(1), WAIT);
    await agent.say({ type: "run_started", run_id: id });
    agent.session.closed();
    await agent.session.settled();
    const run = await getRun(h, ann, id);
    expect(run.status).toBe("FAILED");
    expect(run.finished_at).not.toBeNull();
    expect(run.log).toContain("FAILED: Agent 'runner-a' disconnected during the run");
    expect((await findAgentById(h.db, seed.acme.id, runner.id))?.online).toBe(0);
    // A late report from the agent does not bring it back.
    await agent.say({ type: "run_finished", run_id: id, status: "SUCCEEDED" });
    expect((await getRun(h, ann, id)).status).toBe("FAILED");
  });

  it("leaves nothing QUEUED or RUNNING after a server restart", async () => {
    const agent = await connect(runner);
    const id = await startRun(h, ann, {
      build_id: build.build.id,
      deployment_id: p.toDb.id,
      agent_id: runner.id,
    });
    await agent.say({ type: "run_started", run_id: id });
    await h.services.agentHub.recoverAfterRestart();
    const run = await getRun(h, ann, id);
    expect(run.status).toBe("FAILED");
    expect(run.log).toContain("FAILED: The server restarted while the run was queued or running");
  });

  it("answers 409 for a build that is not finished", async () => {
    await connect(runner);
    const building = await seedBuild(h.db, h.files, {
      customerId: seed.acme.id,
      projectId: seed.dwh.id,
      userId: seed.ann.id,
      patterns: [p.hub],
      status: "BUILDING",
    });
    const res = await post(ann, {
      build_id: building.build.id,
      deployment_id: p.toDb.id,
      agent_id: runner.id,
    });
    expect(res.status).toBe(409);
    expect(await messageOf(res)).toBe(
      `Build ${building.build.id} is BUILDING: only a FINISHED build can be deployed`,
    );
  });

  it("answers 400 for a deployment of a pattern the build did not build", async () => {
    await connect(runner);
    const res = await post(ann, {
      build_id: build.build.id,
      deployment_id: p.satDeploy.id,
      agent_id: runner.id,
    });
    expect(res.status).toBe(400);
    expect(await messageOf(res)).toBe(
      `Deployment 'to-folder' belongs to pattern 'SAT', which build ${build.build.id} did not build`,
    );
  });

  it("answers 409 when no agent can take the run", async () => {
    // runner-1 of `prod` is marked online in the store but has no connection.
    const group = await post(ann, {
      build_id: build.build.id,
      deployment_id: p.toDb.id,
      agent_group: "prod",
    });
    expect(group.status).toBe(409);
    expect(await messageOf(group)).toBe("No agent of the agent group 'prod' is online");
    const one = await post(ann, {
      build_id: build.build.id,
      deployment_id: p.toDb.id,
      agent_id: p.runner1.id,
    });
    expect(one.status).toBe(409);
    expect(await messageOf(one)).toBe("Agent 'runner-1' is not online");
    const disabled = await post(ann, {
      build_id: build.build.id,
      deployment_id: p.toDb.id,
      agent_id: p.runner2.id,
    });
    expect(await messageOf(disabled)).toBe("Agent 'runner-2' is disabled");
  });

  it("answers 404 for unknown ids and names", async () => {
    const cases: [object, string][] = [
      [
        { build_id: 999, deployment_id: p.toDb.id, agent_id: runner.id },
        "No record found for id '999'",
      ],
      [
        { build_id: build.build.id, deployment_id: 999, agent_id: runner.id },
        "No record found for id '999'",
      ],
      [
        { build_id: build.build.id, deployment: "nope", agent_id: runner.id },
        `No pattern of build ${build.build.id} has a deployment with the name 'nope'`,
      ],
      [
        { build_id: build.build.id, deployment_id: p.toDb.id, agent_id: 999 },
        "No record found for id '999'",
      ],
      [
        { build_id: build.build.id, deployment_id: p.toDb.id, agent_group: "nope" },
        "An agent group with the name 'nope' does not exist!",
      ],
      [
        { build_id: build.build.id, deployment_id: p.toDb.id, agent_id: p.loner.id },
        `No record found for id '${p.loner.id}'`,
      ],
    ];
    for (const [body, text] of cases) {
      const res = await post(ann, body);
      expect(res.status).toBe(404);
      expect(await messageOf(res)).toBe(text);
    }
  });

  it("answers 400 naming the field for missing or malformed input", async () => {
    const cases: [object, RegExp][] = [
      [{ deployment_id: 1, agent_id: 1 }, /'build_id' is required/],
      [{ build_id: "x", deployment_id: 1, agent_id: 1 }, /'build_id'/],
      [
        { build_id: build.build.id, agent_id: 1 },
        /One of 'deployment_id', 'deployment' is required/,
      ],
      [{ build_id: build.build.id, deployment_id: 1 }, /One of 'agent_id'/],
      [
        { build_id: build.build.id, deployment_id: 1, agent_id: 1, agent_group: "prod" },
        /Give only one of 'agent_id', 'agent_group'/,
      ],
      [{ build_id: build.build.id, deployment_id: 1, agent_id: 1, extra: 1 }, /extra/],
      [
        { build_id: build.build.id, deployment_id: 1, agent_id: true },
        /^Invalid value for 'agent_id': must be the agent's integer id or its UUID$/,
      ],
    ];
    for (const [body, text] of cases) {
      const res = await post(ann, body);
      expect(res.status).toBe(400);
      expect(await messageOf(res)).toMatch(text);
    }
    await expectBadField(h, "/api/v1/build_deployments/abc", ann, "'id'");
  });

  it("answers 405 for unimplemented methods and 404 for an unknown run", async () => {
    await expectMethodsNotAllowed(h, admin, [["DELETE", "/api/v1/build_deployments/1"]]);
    await expectRecordNotFound(h, "/api/v1/build_deployments/999", admin, 999);
  });
});
