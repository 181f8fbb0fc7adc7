import type { PatternAuthoring, PatternSaveResult } from "@metabuild/contract";
import { describe, expect, it } from "vitest";
import type { Harness } from "../../../testing/harness.ts";
import { seedImpact } from "../../../testing/impact-fixture.ts";
import type { LineageFixture } from "../../../testing/lineage-fixture.ts";
import { messageOf } from "../../../testing/route-checks.ts";
import { type SeededAppOptions, routeSuite } from "../../../testing/route-suite.ts";

// Impact before a pattern save in the pattern editor (docs/lineage.md "Impact").
let h: Harness;
let g: LineageFixture;
let ann: string;
let eve: string;
let admin: string;
const options: SeededAppOptions<"ann" | "eve" | "admin", LineageFixture> = {
  users: ["ann", "eve", "admin"],
  fixture: async (h, seed) => await seedImpact(h.db, seed),
  // The inline renderer: one compiled-template cache for both sides of the comparison.
  config: { buildWorkers: 0 },
};
routeSuite(options, (app) => {
  ({
    h,
    fixture: g,
    tokens: { ann, eve, admin },
  } = app);
});

type Definition = PatternAuthoring["definition"];

async function loaded(patternId: number): Promise<PatternAuthoring> {
  const res = await h.call(`/api/console/patterns/${patternId}`, admin);
  expect(res.status).toBe(200);
  return (await res.json()) as PatternAuthoring;
}

/** The HUB's definition with its load template's body changed. */
async function hubWithLoad(body: string): Promise<{ definition: Definition; version: number }> {
  const { definition, version } = await loaded(g.patterns.hub.id);
  const templates = (definition.templates ?? []).map((t) =>
    t.path.startsWith("load/") ? { ...t, body } : t,
  );
  return { definition: { ...definition, templates }, version };
}

function save(
  patternId: number,
  change: { definition: Definition; version: number },
  token = admin,
  dryRun = true,
) {
  return h.call(`/api/console/patterns/${patternId}${dryRun ? "?dry_run=true" : ""}`, token, {
    method: "PUT",
    body: JSON.stringify({ ...change.definition, base_version: change.version }),
  });
}

async function resultOf(res: Response): Promise<PatternSaveResult> {
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as PatternSaveResult;
}

const LOAD =
  "INSERT INTO {{ vars.TARGET_SCHEMA }}.{{ instance.name }} SELECT DISTINCT * FROM stage;\n";

describe("impact of a pattern save: happy path", () => {
  it("answers the instances a template change renders differently, writing nothing", async () => {
    const result = await resultOf(await save(g.patterns.hub.id, await hubWithLoad(LOAD)));
    expect(result.dry_run).toBe(true);
    expect(result.impact?.changed).toEqual([
      { id: g.hOrder.id, pattern: "HUB", folder: "/dv", name: "H_ORDER", files: 1 },
      { id: g.hCustomer.id, pattern: "HUB", folder: "/dv", name: "H_CUSTOMER", files: 1 },
    ]);
    expect(result.impact?.deployments).toEqual([
      { id: expect.any(Number), pattern: "HUB", name: "to-sqlite" },
    ]);
    expect(result.impact?.sample).toEqual({
      instance_id: g.hOrder.id,
      path: "load/H_ORDER.sql",
      diff: expect.stringContaining(
        "-INSERT INTO raw.H_ORDER SELECT * FROM stage;\n+INSERT INTO raw.H_ORDER SELECT DISTINCT * FROM stage;",
      ),
    });
    // Nothing written: still the version it was.
    expect((await loaded(g.patterns.hub.id)).version).toBe(1);
  });

  it("answers what a variable's new default changes", async () => {
    const { definition, version } = await loaded(g.patterns.hub.id);
    const variables = (definition.variables ?? []).map((v) =>
      v.name === "TARGET_SCHEMA" ? { ...v, default: "vault" } : v,
    );
    const res = await save(g.patterns.hub.id, {
      definition: { ...definition, variables },
      version,
    });
    const result = await resultOf(res);
    expect(result.impact?.changed.map((c) => c.name)).toEqual(["H_ORDER", "H_CUSTOMER"]);
  });

  it("answers no change when the templates render the same", async () => {
    const result = await resultOf(await save(g.patterns.stg.id, await loaded(g.patterns.stg.id)));
    expect(result.impact).toEqual({ changed: [], invalid: [], deployments: [], sample: null });
  });

  it("records the impact's summary with the real save", async () => {
    const res = await save(g.patterns.hub.id, await hubWithLoad(LOAD), admin, false);
    expect((await resultOf(res)).version).toBe(2);
    const audit = await h.call("/api/console/audit?action=pattern.update", admin);
    const [event] = (await audit.json()) as { after: Record<string, unknown> }[];
    expect(event?.after.impact).toEqual({ changed: 2, invalid: 0, deployments: ["HUB to-sqlite"] });
  });
});

describe("impact of a pattern save: errors and security", () => {
  it("answers the save's version conflict", async () => {
    const change = await hubWithLoad(LOAD);
    const res = await save(g.patterns.hub.id, { ...change, version: 9 });
    expect(res.status).toBe(409);
  });

  it("is for pattern authors only, and hides another customer's pattern", async () => {
    const change = await hubWithLoad(LOAD);
    expect((await save(g.patterns.hub.id, change, ann)).status).toBe(403);
    expect((await save(g.patterns.hub.id, change, eve)).status).toBe(404);
  });

  it("answers 413 beyond METABUILD_IMPACT_MAX_INSTANCES, naming the limit", async () => {
    const small = await (await import("../../../testing/route-suite.ts")).seededApp({
      ...options,
      config: { impactMaxInstances: 1 },
    });
    const { definition, version } = (await (
      await small.h.call(
        `/api/console/patterns/${small.fixture.patterns.hub.id}`,
        small.tokens.admin,
      )
    ).json()) as { definition: Record<string, unknown>; version: number };
    const res = await small.h.call(
      `/api/console/patterns/${small.fixture.patterns.hub.id}?dry_run=true`,
      small.tokens.admin,
      { method: "PUT", body: JSON.stringify({ ...definition, base_version: version }) },
    );
    expect(res.status).toBe(413);
    expect(await messageOf(res)).toContain("METABUILD_IMPACT_MAX_INSTANCES");
  });
});
