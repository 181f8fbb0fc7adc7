import { describe, expect, it, vi } from "vitest";
import { seedAgent } from "../../../testing/deployments-fixture.ts";
import {
  type DeploymentRunsApp,
  connectAgent,
  getRun,
  postRun,
  useDeploymentRuns,
} from "../../../testing/deployment-runs.ts";
import type { Harness } from "../../../testing/harness.ts";
import type { PatternsFixture } from "../../../testing/patterns-fixture.ts";
import type { Seed } from "../../../testing/route-suite.ts";
import type { AppEvent } from "../../../services/events.ts";
import { WAIT } from "../../../testing/wait.ts";

// Errors and security of the same resource: build-deployments-errors.test.ts, -security.test.ts.

let h: Harness;
let seed: Seed;
let p: PatternsFixture;
let ann: string;
let bob: string;
let events: AppEvent[];
let runner: DeploymentRunsApp["runner"];
let build: DeploymentRunsApp["build"];
useDeploymentRuns((app) => {
  ({ h, seed, p, ann, bob, events, runner, build } = app);
});

const connect = (agent: { agentId: string }) => connectAgent(h, agent);
const post = (token: string, body: object) => postRun(h, token, body);

describe("build deployments: happy path", () => {
  it("queues a run, sends the archive to the agent and follows it to SUCCEEDED", async () => {
    const agent = await connect(runner);
    const res = await post(ann, {
      build_id: build.build.id,
      deployment: "to-db",
      agent_id: runner.id,
    });
    expect(res.status).toBe(201);
    const created = (await res.json()) as { id: number };
    expect(created).toMatchObject({
      build_id: build.build.id,
      project_id: seed.dwh.id,
      pattern_id: p.hub.id,
      deployment_id: p.toDb.id,
      upload_id: build.downloads[0].id,
      agent_id: runner.id,
      agent_group_id: null,
      status: "QUEUED",
      started_at: null,
      finished_at: null,
    });

    await vi.waitFor(() => expect(agent.deploys()).toHaveLength(1), WAIT);
    const deploy = agent.deploys()[0];
    expect(deploy).toMatchObject({
      run_id: created.id,
      build_id: build.build.id,
      pattern: { id: p.hub.id, name: "HUB" },
      deployment: { id: p.toDb.id, name: "to-db", kind: "sql", config: { target: "./out" } },
      archive: { name: "HUB.zip", size: build.archive.length },
    });
    expect(Buffer.from(deploy.archive.data, "base64").equals(build.archive)).toBe(true);

    await agent.say({ type: "run_started", run_id: created.id });
    const running = await getRun(h, bob, created.id);
    expect(running).toMatchObject({ status: "RUNNING", started_at: expect.any(String) });

    await agent.say({ type: "run_log", run_id: created.id, line: "Running hub/CUSTOMER.sql" });
    await agent.say({ type: "run_finished", run_id: created.id, status: "SUCCEEDED" });
    const done = await getRun(h, bob, created.id);
    expect(done.status).toBe("SUCCEEDED");
    expect(done.finished_at).not.toBeNull();
    expect(done.log).toContain("Running hub/CUSTOMER.sql\n");

    // The console can follow all of it on the event bus.
    const mine = events.filter((e) => e.type.startsWith("build_deployment."));
    expect(
      mine.map((e) =>
        e.type === "build_deployment.log"
          ? `log:${e.line}`
          : (e.build_deployment as { status: string }).status,
      ),
    ).toEqual(["QUEUED", "RUNNING", "log:Running hub/CUSTOMER.sql", "SUCCEEDED"]);
    expect(mine.every((e) => e.customerId === seed.acme.id && e.projectId === seed.dwh.id)).toBe(
      true,
    );
  });

  it("gives the run to the least busy online agent of a group named by name or id", async () => {
    const second = await seedAgent(h.db, {
      customerId: seed.acme.id,
      name: "runner-b",
      groupId: p.test.id,
    });
    const a = await connect(runner);
    const b = await connect(second);
    const first = (await (
      await post(ann, {
        build_id: build.build.id,
        deployment_id: p.toFolder.id,
        agent_group: "test",
      })
    ).json()) as { agent_id: number; agent_group_id: number };
    expect(first).toMatchObject({ agent_id: runner.id, agent_group_id: p.test.id });
    const next = (await (
      await post(ann, {
        build_id: build.build.id,
        deployment_id: p.toFolder.id,
        agent_group_id: p.test.id,
      })
    ).json()) as { agent_id: number };
    expect(next.agent_id).toBe(second.id);
    await vi.waitFor(() => expect(a.deploys().length + b.deploys().length).toBe(2), WAIT);
  });

  it("accepts the agent's UUID as agent_id", async () => {
    await connect(runner);
    const res = await post(ann, {
      build_id: build.build.id,
      deployment_id: p.toFolder.id,
      agent_id: runner.agentId,
    });
    expect(res.status).toBe(201);
  });

  it("lists runs with filters, paging and X-Total-Count", async () => {
    await connect(runner);
    for (const deployment_id of [p.toFolder.id, p.toDb.id, p.toDb.id])
      await post(ann, { build_id: build.build.id, deployment_id, agent_id: runner.id });
    const all = await h.call("/api/v1/build_deployments?$sort[id]=-1&$limit=2", bob);
    expect(all.headers.get("X-Total-Count")).toBe("3");
    expect(((await all.json()) as { deployment_id: number }[]).map((r) => r.deployment_id)).toEqual(
      [p.toDb.id, p.toDb.id],
    );
    const count = async (q: string) =>
      (await h.call(`/api/v1/build_deployments?${q}`, bob)).headers.get("X-Total-Count");
    expect(await count("deployment=to-folder")).toBe("1");
    expect(await count(`deployment_id=${p.toDb.id}`)).toBe("2");
    expect(await count("pattern=HUB")).toBe("3");
    expect(await count(`pattern_id=${p.sat.id}`)).toBe("0");
    expect(await count(`build_id=${build.build.id}`)).toBe("3");
    expect(await count("build_id=999")).toBe("0");
  });
});
