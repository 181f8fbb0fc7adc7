import type { DeployMessage, ServerMessage } from "@metabuild/contract/agent-protocol";
import { afterEach, expect, vi } from "vitest";
import type { AppEvent } from "../services/events.ts";
import { AGENT_SECRET, seedAgent, seedBuild } from "./deployments-fixture.ts";
import type { Harness } from "./harness.ts";
import { type PatternsFixture, seedPatterns } from "./patterns-fixture.ts";
import { type Seed, routeSuite } from "./route-suite.ts";

export interface DeploymentRunsApp {
  h: Harness;
  seed: Seed;
  p: PatternsFixture;
  ann: string;
  bob: string;
  admin: string;
  /** Every event on the bus since the store was seeded. */
  events: AppEvent[];
  /** Agent runner-a of the `test` group; offline until a test connects it. */
  runner: Awaited<ReturnType<typeof seedAgent>>;
  /** A FINISHED build of HUB in DWH, started by ann. */
  build: Awaited<ReturnType<typeof seedBuild>>;
}

/**
 * The setup of the build deployment route tests: the pattern catalog, an
 * agent, a finished build and the event bus recorded, fresh before each test
 * (handed to `set`); the agent hub's sessions closed after each.
 */
export function useDeploymentRuns(set: (app: DeploymentRunsApp) => void): void {
  let current: Harness | undefined;
  routeSuite(
    {
      users: ["ann", "bob", "admin"],
      fixture: async (h, seed) => {
        const p = await seedPatterns(h.db, seed);
        const runner = await seedAgent(h.db, {
          customerId: seed.acme.id,
          name: "runner-a",
          groupId: p.test.id,
        });
        const build = await seedBuild(h.db, h.files, {
          customerId: seed.acme.id,
          projectId: seed.dwh.id,
          userId: seed.ann.id,
          patterns: [p.hub],
        });
        const events: AppEvent[] = [];
        h.services.events.subscribe((e) => events.push(e));
        return { p, runner, build, events };
      },
    },
    ({ h, seed, fixture, tokens }) => {
      current = h;
      set({ h, seed, ...fixture, ...tokens });
    },
  );
  afterEach(() => current?.services.agentHub.closeAll());
}

/** A signed-in agent on the hub, as the WebSocket route would attach it. */
export async function connectAgent(h: Harness, agent: { agentId: string }) {
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
  /** Sends a frame as the agent and waits until the server has stored what it says. */
  const say = async (msg: object) => {
    session.receive(JSON.stringify(msg));
    await session.settled();
    await h.services.events.idle();
  };
  const deploys = () => sent.filter((m): m is DeployMessage => m.type === "deploy");
  return { session, sent, say, deploys, closed: () => closed };
}

/** POST /api/v1/build_deployments. */
export function postRun(h: Harness, token: string, body: object) {
  return h.call("/api/v1/build_deployments", token, { method: "POST", body: JSON.stringify(body) });
}

/** Starts a run and answers its id. */
export async function startRun(h: Harness, token: string, body: object): Promise<number> {
  return ((await (await postRun(h, token, body)).json()) as { id: number }).id;
}

/** GET /api/v1/build_deployments/:id, the run as the API shows it. */
export async function getRun(h: Harness, token: string, id: number) {
  return (await (await h.call(`/api/v1/build_deployments/${id}`, token)).json()) as {
    status: string;
    finished_at: string | null;
    log: string;
  };
}
