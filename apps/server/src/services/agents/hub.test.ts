import type { ServerMessage } from "@metabuild/contract/agent-protocol";
import { type Db, findAgentByUuid, openDatabase, schema as s, returnedRow } from "@metabuild/db";
import bcrypt from "bcryptjs";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { manualClock } from "../../infra/clock.ts";
import { type AppEvent, EventBus } from "../events.ts";
import { AgentHub } from "./hub.ts";
import type { AgentSession } from "./session.ts";
import { DeploymentRuns } from "./runs.ts";
import { WAIT } from "../../testing/wait.ts";

const SECRET = "agent-secret-1";
const HASH = bcrypt.hashSync(SECRET, 4);
const silent = { info() {}, warn() {}, error() {} };

/** The server's end of a connection, recording what the hub sends and how it closes. */
function fakeLink() {
  const link = {
    sent: [] as ServerMessage[],
    closedWith: undefined as { code: number; reason: string } | undefined,
    send(text: string) {
      link.sent.push(JSON.parse(text));
    },
    close(code: number, reason: string) {
      link.closedWith = { code, reason };
    },
  };
  return link;
}

let db: Db;
let events: AppEvent[];
let hub: AgentHub;
let agents: Record<"ok" | "disabled" | "deleted", typeof s.agents.$inferSelect>;

function makeHub(heartbeatMs: number) {
  const bus = new EventBus();
  bus.subscribe((e) => events.push(e));
  const clock = manualClock();
  return new AgentHub(db, clock, bus, new DeploymentRuns(db, clock, bus), silent, heartbeatMs);
}

beforeEach(async () => {
  db = openDatabase(":memory:");
  const acme = returnedRow(await db.insert(s.customers).values({ name: "Acme" }).returning());
  const agent = async (name: string, extra: Partial<typeof s.agents.$inferInsert> = {}) =>
    returnedRow(
      await db
        .insert(s.agents)
        .values({ customerId: acme.id, name, agentId: `uuid-${name}`, secretHash: HASH, ...extra })
        .returning(),
    );
  agents = {
    ok: await agent("ok"),
    disabled: await agent("disabled", { disabled: 1 }),
    deleted: await agent("deleted", { deleted: 1 }),
  };
  events = [];
  hub = makeHub(20_000);
});

afterEach(() => hub.closeAll());

async function connect(agentId: string, secret = SECRET) {
  const link = fakeLink();
  const session = hub.open(link);
  session.receive(JSON.stringify({ type: "hello", agent_id: agentId, secret }));
  await vi.waitFor(
    () => expect(link.sent.length + (link.closedWith ? 1 : 0)).toBeGreaterThan(0),
    WAIT,
  );
  return { link, session };
}

/** Answers each ping as it arrives, like the agent program does. */
function answerPings(link: ReturnType<typeof fakeLink>, session: AgentSession) {
  const send = link.send;
  link.send = (text: string) => {
    send(text);
    if (JSON.parse(text).type === "ping") session.receive(JSON.stringify({ type: "pong" }));
  };
}

const online = async (agentId: string) => (await findAgentByUuid(db, agentId))?.online;

describe("agent hub: sign-in", () => {
  it("welcomes an agent with the right secret, sets it online and announces it", async () => {
    const { link } = await connect("uuid-ok");
    expect(link.sent[0]).toMatchObject({
      type: "welcome",
      agent: { id: agents.ok.id, name: "ok" },
      heartbeat_ms: 20_000,
    });
    expect(await online("uuid-ok")).toBe(1);
    expect(hub.isConnected(agents.ok.id)).toBe(true);
    expect(events).toEqual([
      expect.objectContaining({
        type: "agent.online",
        customerId: agents.ok.customerId,
        agent: expect.objectContaining({ id: agents.ok.id, online: true }),
      }),
    ]);
  });

  it("refuses a wrong secret and an unknown agent alike, without going online", async () => {
    const wrong = await connect("uuid-ok", "nope");
    const unknown = await connect("uuid-nobody");
    for (const { link } of [wrong, unknown]) {
      expect(link.closedWith).toEqual({ code: 4401, reason: "Invalid agent id or secret" });
      expect(link.sent).toEqual([]);
    }
    expect(await online("uuid-ok")).toBe(0);
    expect(events).toEqual([]);
  });

  it("refuses disabled and deleted agents with a reason naming them", async () => {
    expect((await connect("uuid-disabled")).link.closedWith).toEqual({
      code: 4403,
      reason: "Agent 'disabled' is disabled",
    });
    expect((await connect("uuid-deleted")).link.closedWith).toEqual({
      code: 4401,
      reason: "Agent 'deleted' has been deleted",
    });
    expect(await online("uuid-disabled")).toBe(0);
  });

  it("closes a connection whose first message is not a hello (never a user token)", () => {
    const link = fakeLink();
    hub.open(link).receive(JSON.stringify({ type: "hello", accessToken: "a-user-jwt" }));
    expect(link.closedWith?.code).toBe(4400);
  });
});

describe("agent hub: liveness", () => {
  it("goes offline when the connection closes, and announces it", async () => {
    const { session } = await connect("uuid-ok");
    session.closed();
    await session.settled();
    expect(await online("uuid-ok")).toBe(0);
    expect(hub.isConnected(agents.ok.id)).toBe(false);
    expect(events.map((e) => (e.agent as { online: boolean }).online)).toEqual([true, false]);
  });

  it("keeps an agent that answers its pings online", async () => {
    hub = makeHub(100);
    const { link, session } = await connect("uuid-ok");
    answerPings(link, session);
    await vi.waitFor(() => expect(link.sent.filter((m) => m.type === "ping").length).toBe(3), {
      timeout: 5000,
    });
    expect(link.closedWith).toBeUndefined();
    expect(await online("uuid-ok")).toBe(1);
  });

  it("keeps an agent that answered its pings while the server itself was stalled", async () => {
    hub = makeHub(100);
    const { link, session } = await connect("uuid-ok");
    answerPings(link, session);
    const pings = () => link.sent.filter((m) => m.type === "ping").length;
    await vi.waitFor(() => expect(pings()).toBeGreaterThan(0), WAIT);
    // A busy machine: this process runs nothing for five heartbeats, so it sends no pings.
    const until = performance.now() + 500;
    while (performance.now() < until);
    const after = pings();
    await vi.waitFor(() => expect(pings()).toBeGreaterThan(after + 1), WAIT);
    expect(link.closedWith).toBeUndefined();
    expect(await online("uuid-ok")).toBe(1);
  });

  it("drops an agent that stays silent for two heartbeats", async () => {
    hub = makeHub(100);
    const { link } = await connect("uuid-ok");
    await vi.waitFor(() => expect(link.closedWith?.code).toBe(4408), { timeout: 5000 });
    expect(link.closedWith?.reason).toMatch(/^No heartbeat for \d+ ms$/);
    expect(await online("uuid-ok")).toBe(0);
  });

  it("drops a connected agent once an admin disables it", async () => {
    hub = makeHub(100);
    const { link } = await connect("uuid-ok");
    await db.update(s.agents).set({ disabled: 1 });
    await vi.waitFor(() => expect(link.closedWith?.code).toBe(4403), { timeout: 2000 });
    expect(await online("uuid-ok")).toBe(0);
  });

  it("keeps a reconnected agent held and online when the old connection's clean-up ends last", async () => {
    const first = await connect("uuid-ok");
    // The old connection's clean-up is slow to reach the store (a busy store).
    const release = hub.held.release.bind(hub.held);
    let open = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    hub.held.release = async (agentId) => {
      await gate;
      return await release(agentId);
    };
    first.session.closed();
    const second = connect("uuid-ok");
    await new Promise((resolve) => setTimeout(resolve, 100)); // the new sign-in goes as far as it may
    open();
    const { link } = await second;
    await first.session.settled();
    expect(link.closedWith).toBeUndefined();
    expect(hub.isConnected(agents.ok.id)).toBe(true);
    expect(await online("uuid-ok")).toBe(1);
    // Still held by this process: other processes send its runs here, and no renewal drops it.
    expect(await hub.held.renew()).toEqual(new Set([agents.ok.id]));
  });

  it("lets a newer connection of the same agent replace the old one", async () => {
    const first = await connect("uuid-ok");
    const second = await connect("uuid-ok");
    expect(first.link.closedWith?.code).toBe(4409);
    first.session.closed();
    await first.session.settled();
    expect(await online("uuid-ok")).toBe(1);
    expect(hub.send(agents.ok.id, { type: "ping" })).toBe(true);
    expect(second.link.sent.at(-1)).toEqual({ type: "ping" });
  });

  it("ends connections that have not signed in yet when the server shuts down", () => {
    const link = fakeLink();
    hub.open(link);
    hub.closeAll();
    expect(link.closedWith?.code).toBe(1012);
  });

  it("starts with every agent offline after a restart", async () => {
    await db.update(s.agents).set({ online: 1 });
    await hub.recoverAfterRestart();
    expect(await online("uuid-ok")).toBe(0);
  });
});
