import type { DeployMessage, ServerMessage } from "@metabuild/contract/agent-protocol";
import { findAgentById } from "@metabuild/db";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AppEvent } from "../../../services/events.ts";
import { AGENT_SECRET, seedAgent, seedBuild } from "../../../testing/deployments-fixture.ts";
import { type Harness, createHarness, seedBasic } from "../../../testing/harness.ts";
import { type PatternsFixture, seedPatterns } from "../../../testing/patterns-fixture.ts";

let h: Harness;
let seed: ReturnType<typeof seedBasic>;
let p: PatternsFixture;
let ann: string;
let bob: string;
let admin: string;
let events: AppEvent[];
let runner: ReturnType<typeof seedAgent>;
let build: Awaited<ReturnType<typeof seedBuild>>;

/** A signed-in agent on the hub, as the WebSocket route would attach it. */
async function connectAgent(agent: { agentId: string }) {
  const sent: ServerMessage[] = [];
  let closed: { code: number; reason: string } | undefined;
  const session = h.services.agentHub.open({
    send: (text) => sent.push(JSON.parse(text)),
    close: (code, reason) => {
      closed = { code, reason };
    },
  });
  session.receive(JSON.stringify({ type: "hello", agent_id: agent.agentId, secret: AGENT_SECRET }));
  await vi.waitFor(() => expect(sent[0]?.type).toBe("welcome"));
  const say = (msg: object) => session.receive(JSON.stringify(msg));
  const deploys = () => sent.filter((m): m is DeployMessage => m.type === "deploy");
  return { session, sent, say, deploys, closed: () => closed };
}

const post = (token: string, body: object) =>
  h.call("/api/v1/build_deployments", token, { method: "POST", body: JSON.stringify(body) });

const message = async (res: Response) => ((await res.json()) as { message: string }).message;

beforeEach(async () => {
  h = createHarness();
  seed = seedBasic(h.db);
  p = seedPatterns(h.db, seed);
  runner = seedAgent(h.db, { customerId: seed.acme.id, name: "runner-a", groupId: p.test.id });
  build = await seedBuild(h.db, h.files, {
    customerId: seed.acme.id,
    projectId: seed.dwh.id,
    userId: seed.ann.id,
    patterns: [p.hub],
  });
  events = [];
  h.services.events.subscribe((e) => events.push(e));
  [ann, bob, admin] = await Promise.all([
    h.token("ann@acme.test"),
    h.token("bob@acme.test"),
    h.token("admin@acme.test"),
  ]);
});

afterEach(() => h.services.agentHub.closeAll());

describe("build deployments: happy path", () => {
  it("queues a run, sends the archive to the agent and follows it to SUCCEEDED", async () => {
    const agent = await connectAgent(runner);
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

    await vi.waitFor(() => expect(agent.deploys()).toHaveLength(1));
    const deploy = agent.deploys()[0];
    expect(deploy).toMatchObject({
      run_id: created.id,
      build_id: build.build.id,
      pattern: { id: p.hub.id, name: "HUB" },
      deployment: { id: p.toDb.id, name: "to-db", kind: "sql", config: { target: "./out" } },
      archive: { name: "HUB.zip", size: build.archive.length },
    });
    expect(Buffer.from(deploy.archive.data, "base64").equals(build.archive)).toBe(true);

    agent.say({ type: "run_started", run_id: created.id });
    const running = await (await h.call(`/api/v1/build_deployments/${created.id}`, bob)).json();
    expect(running).toMatchObject({ status: "RUNNING", started_at: expect.any(String) });

    agent.say({ type: "run_log", run_id: created.id, line: "Running hub/CUSTOMER.sql" });
    agent.say({ type: "run_finished", run_id: created.id, status: "SUCCEEDED" });
    const done = (await (await h.call(`/api/v1/build_deployments/${created.id}`, bob)).json()) as {
      status: string;
      finished_at: string | null;
      log: string;
    };
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
    const second = seedAgent(h.db, {
      customerId: seed.acme.id,
      name: "runner-b",
      groupId: p.test.id,
    });
    const a = await connectAgent(runner);
    const b = await connectAgent(second);
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
    await vi.waitFor(() => expect(a.deploys().length + b.deploys().length).toBe(2));
  });

  it("accepts the agent's UUID as agent_id", async () => {
    await connectAgent(runner);
    const res = await post(ann, {
      build_id: build.build.id,
      deployment_id: p.toFolder.id,
      agent_id: runner.agentId,
    });
    expect(res.status).toBe(201);
  });

  it("lists runs with filters, paging and X-Total-Count", async () => {
    await connectAgent(runner);
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

describe("build deployments: errors", () => {
  it("fails the run with the reason when the agent drops mid-run", async () => {
    const agent = await connectAgent(runner);
    const { id } = (await (
      await post(ann, { build_id: build.build.id, deployment_id: p.toDb.id, agent_id: runner.id })
    ).json()) as { id: number };
    await vi.waitFor(() => expect(agent.deploys()).toHaveLength(1));
    agent.say({ type: "run_started", run_id: id });
    agent.session.closed();
    const run = (await (await h.call(`/api/v1/build_deployments/${id}`, ann)).json()) as {
      status: string;
      log: string;
      finished_at: string | null;
    };
    expect(run.status).toBe("FAILED");
    expect(run.finished_at).not.toBeNull();
    expect(run.log).toContain("FAILED: Agent 'runner-a' disconnected during the run");
    expect(findAgentById(h.db, seed.acme.id, runner.id)?.online).toBe(0);
    // A late report from the agent does not bring it back.
    agent.say({ type: "run_finished", run_id: id, status: "SUCCEEDED" });
    expect(
      ((await (await h.call(`/api/v1/build_deployments/${id}`, ann)).json()) as { status: string })
        .status,
    ).toBe("FAILED");
  });

  it("leaves nothing QUEUED or RUNNING after a server restart", async () => {
    const agent = await connectAgent(runner);
    const { id } = (await (
      await post(ann, { build_id: build.build.id, deployment_id: p.toDb.id, agent_id: runner.id })
    ).json()) as { id: number };
    agent.say({ type: "run_started", run_id: id });
    h.services.agentHub.recoverAfterRestart();
    const run = (await (await h.call(`/api/v1/build_deployments/${id}`, ann)).json()) as {
      status: string;
      log: string;
    };
    expect(run.status).toBe("FAILED");
    expect(run.log).toContain("FAILED: The server restarted while the run was queued or running");
  });

  it("answers 409 for a build that is not finished", async () => {
    await connectAgent(runner);
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
    expect(await message(res)).toBe(
      `Build ${building.build.id} is BUILDING: only a FINISHED build can be deployed`,
    );
  });

  it("answers 400 for a deployment of a pattern the build did not build", async () => {
    await connectAgent(runner);
    const res = await post(ann, {
      build_id: build.build.id,
      deployment_id: p.satDeploy.id,
      agent_id: runner.id,
    });
    expect(res.status).toBe(400);
    expect(await message(res)).toBe(
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
    expect(await message(group)).toBe("No agent of the agent group 'prod' is online");
    const one = await post(ann, {
      build_id: build.build.id,
      deployment_id: p.toDb.id,
      agent_id: p.runner1.id,
    });
    expect(one.status).toBe(409);
    expect(await message(one)).toBe("Agent 'runner-1' is not online");
    const disabled = await post(ann, {
      build_id: build.build.id,
      deployment_id: p.toDb.id,
      agent_id: p.runner2.id,
    });
    expect(await message(disabled)).toBe("Agent 'runner-2' is disabled");
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
      expect(await message(res)).toBe(text);
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
    ];
    for (const [body, text] of cases) {
      const res = await post(ann, body);
      expect(res.status).toBe(400);
      expect(await message(res)).toMatch(text);
    }
    const badId = await h.call("/api/v1/build_deployments/abc", ann);
    expect(badId.status).toBe(400);
    expect(await message(badId)).toContain("'id'");
  });

  it("answers 405 for unimplemented methods and 404 for an unknown run", async () => {
    const res = await h.call("/api/v1/build_deployments/1", admin, { method: "DELETE" });
    expect(res.status).toBe(405);
    expect(res.headers.get("Allow")).toBe("GET");
    expect((await h.call("/api/v1/build_deployments/999", admin)).status).toBe(404);
  });
});

describe("build deployments: security", () => {
  it("refuses requests without a token", async () => {
    expect((await h.call("/api/v1/build_deployments")).status).toBe(401);
    const res = await h.call("/api/v1/build_deployments", undefined, {
      method: "POST",
      body: JSON.stringify({ build_id: build.build.id }),
    });
    expect(res.status).toBe(401);
  });

  it("needs write_builds to start a run", async () => {
    await connectAgent(runner);
    const res = await post(bob, {
      build_id: build.build.id,
      deployment_id: p.toDb.id,
      agent_id: runner.id,
    });
    expect(res.status).toBe(403);
    expect(await message(res)).toBe("You don't have permissions to start builds in this project!");
  });

  it("hides another customer's builds, agents and runs as 404", async () => {
    await connectAgent(runner);
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
    const { id } = (await (
      await post(ann, { build_id: build.build.id, deployment_id: p.toDb.id, agent_id: runner.id })
    ).json()) as { id: number };
    expect((await h.call(`/api/v1/build_deployments/${id}`, eve)).status).toBe(404);
    expect((await h.call("/api/v1/build_deployments", eve)).headers.get("X-Total-Count")).toBe("0");
  });

  it("shows runs only to users with access to their project", async () => {
    await connectAgent(runner);
    const lake = await seedBuild(h.db, h.files, {
      customerId: seed.acme.id,
      projectId: seed.lake.id,
      userId: seed.admin.id,
      patterns: [p.hub],
    });
    const { id } = (await (
      await post(admin, { build_id: lake.build.id, deployment_id: p.toDb.id, agent_id: runner.id })
    ).json()) as { id: number };
    const res = await h.call(`/api/v1/build_deployments/${id}`, ann);
    expect(res.status).toBe(403);
    expect(await message(res)).toBe("You don't have permissions to access this project!");
    expect((await h.call("/api/v1/build_deployments", ann)).headers.get("X-Total-Count")).toBe("0");
    expect((await h.call("/api/v1/build_deployments", admin)).headers.get("X-Total-Count")).toBe(
      "1",
    );
  });

  it("ignores an agent reporting on a run that was sent to another agent", async () => {
    const other = seedAgent(h.db, { customerId: seed.acme.id, name: "intruder" });
    await connectAgent(runner);
    const intruder = await connectAgent(other);
    const { id } = (await (
      await post(ann, { build_id: build.build.id, deployment_id: p.toDb.id, agent_id: runner.id })
    ).json()) as { id: number };
    intruder.say({ type: "run_log", run_id: id, line: "forged" });
    intruder.say({ type: "run_finished", run_id: id, status: "SUCCEEDED" });
    const run = (await (await h.call(`/api/v1/build_deployments/${id}`, ann)).json()) as {
      status: string;
      log: string;
    };
    expect(run.status).toBe("QUEUED");
    expect(run.log).not.toContain("forged");
  });
});
