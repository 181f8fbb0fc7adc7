import type { Catalog } from "@metabuild/contract";
import type { HarvestMessage, ServerMessage } from "@metabuild/contract/agent-protocol";
import { afterEach, expect, vi } from "vitest";
import type { Config } from "../config.ts";
import type { AppEvent } from "../services/events.ts";
import { AGENT_SECRET, seedAgent } from "./deployments-fixture.ts";
import type { Harness } from "./harness.ts";
import { type PatternsFixture, seedPatterns } from "./patterns-fixture.ts";
import { type Seed, routeSuite } from "./route-suite.ts";

export interface HarvestApp {
  h: Harness;
  seed: Seed;
  p: PatternsFixture;
  ann: string;
  bob: string;
  eve: string;
  admin: string;
  events: AppEvent[];
  /** Agent runner-a of the `test` group; offline until a test connects it. */
  runner: Awaited<ReturnType<typeof seedAgent>>;
}

/** The harvest route tests' setup: patterns (agents, groups), runner-a, the bus recorded. */
export function useHarvestApp(set: (app: HarvestApp) => void, config?: Partial<Config>): void {
  let current: Harness | undefined;
  routeSuite(
    {
      users: ["ann", "bob", "eve", "admin"],
      config,
      fixture: async (h, seed) => {
        const p = await seedPatterns(h.db, seed);
        const runner = await seedAgent(h.db, {
          customerId: seed.acme.id,
          name: "runner-a",
          groupId: p.test.id,
        });
        const events: AppEvent[] = [];
        h.services.events.subscribe((e) => events.push(e));
        return { p, runner, events };
      },
    },
    ({ h, seed, fixture, tokens }) => {
      current = h;
      set({ h, seed, ...fixture, ...tokens });
    },
  );
  afterEach(() => current?.services.agentHub.closeAll());
}

/** A signed-in agent announcing `sources`, as the WebSocket route would attach it. */
export async function connectHarvester(h: Harness, agent: { agentId: string }, sources: string[]) {
  const sent: ServerMessage[] = [];
  const session = h.services.agentHub.open({
    send: (text) => sent.push(JSON.parse(text)),
    close: () => {},
  });
  session.receive(
    JSON.stringify({ type: "hello", agent_id: agent.agentId, secret: AGENT_SECRET, sources }),
  );
  await vi.waitFor(() => expect(sent[0]?.type).toBe("welcome"));
  /** Sends a frame as the agent; the server stores what it says in order (`settled`). */
  const say = async (msg: object) => {
    session.receive(JSON.stringify(msg));
    await session.settled();
    await h.services.events.idle();
  };
  const harvests = () => sent.filter((m): m is HarvestMessage => m.type === "harvest");
  /** Plays a whole harvest: started, a log line, the catalog in `parts`, SUCCEEDED. */
  const harvest = async (runId: number, catalog: Catalog, parts = 1) => {
    void say({ type: "harvest_started", run_id: runId });
    void say({ type: "harvest_log", run_id: runId, line: "Harvesting source" });
    const per = Math.ceil(catalog.columns.length / parts);
    for (let i = 0; i < parts; i++)
      void say({
        type: "harvest_catalog",
        run_id: runId,
        part: i,
        tables: i === 0 ? catalog.tables : [],
        columns: catalog.columns.slice(i * per, (i + 1) * per),
        keys: i === 0 ? catalog.keys : [],
        foreign_keys: i === 0 ? catalog.foreign_keys : [],
      });
    await say({ type: "harvest_finished", run_id: runId, status: "SUCCEEDED", parts });
  };
  return { session, sent, say, harvests, harvest };
}

/** A small ERP catalog: customers and orders, a key each, one foreign key. */
export function erpCatalog(extraColumns = 0): Catalog {
  const col = (table: string, name: string, position: number, nullable = false) => ({
    schema: null,
    table,
    name,
    position,
    type: "INTEGER",
    length: null,
    nullable,
    comment: null,
  });
  return {
    tables: [
      { schema: null, name: "customers", type: "TABLE", comment: null },
      { schema: null, name: "orders", type: "TABLE", comment: "Sales orders" },
    ],
    columns: [
      col("customers", "id", 1),
      { ...col("customers", "name", 2), type: "VARCHAR(80)", length: 80 },
      col("orders", "id", 1),
      col("orders", "customer_id", 2),
      ...Array.from({ length: extraColumns }, (_, i) => col("orders", `x${i}`, i + 3, true)),
    ],
    keys: [
      { schema: null, table: "customers", name: null, column: "id", position: 1 },
      { schema: null, table: "orders", name: null, column: "id", position: 1 },
    ],
    foreign_keys: [
      {
        schema: null,
        table: "orders",
        name: null,
        column: "customer_id",
        position: 1,
        referenced_schema: null,
        referenced_table: "customers",
        referenced_column: "id",
      },
    ],
  };
}

export function postHarvest(h: Harness, token: string, body: object) {
  return h.call("/api/v1/harvests", token, { method: "POST", body: JSON.stringify(body) });
}

export async function getHarvestRun(h: Harness, token: string, id: number) {
  return (await (await h.call(`/api/v1/harvests/${id}`, token)).json()) as {
    status: string;
    log: string;
    tables: string[];
    schedule_id: number | null;
  };
}

/** Rows of a SELECT through POST /api/v1/metadata in DWH (what a user would run). */
export async function selectRows(h: Harness, token: string, statement: string) {
  const res = await h.call("/api/v1/metadata", token, {
    method: "POST",
    body: JSON.stringify({ project: "DWH", statement }),
  });
  return (await res.json()) as { status: string; rows: Record<string, unknown>[]; error?: string };
}
