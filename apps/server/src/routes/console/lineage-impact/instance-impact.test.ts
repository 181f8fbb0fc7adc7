import type { LineageImpact } from "@metabuild/contract";
import { describe, expect, it } from "vitest";
import type { Harness } from "../../../testing/harness.ts";
import { seedImpact } from "../../../testing/impact-fixture.ts";
import type { LineageFixture } from "../../../testing/lineage-fixture.ts";
import { messageOf } from "../../../testing/route-checks.ts";
import { routeSuite } from "../../../testing/route-suite.ts";

// Impact before an instance save in the editor (docs/lineage.md "Impact").
let h: Harness;
let g: LineageFixture;
let ann: string;
let bob: string;
let eve: string;
let admin: string;
routeSuite(
  {
    users: ["ann", "bob", "eve", "admin"],
    fixture: async (h, seed) => await seedImpact(h.db, seed),
  },
  (app) => {
    ({
      h,
      fixture: g,
      tokens: { ann, bob, eve, admin },
    } = app);
  },
);

function saveRows(id: number, body: object, token = ann, dryRun = true) {
  return h.call(`/api/console/instances/${id}/rows${dryRun ? "?dry_run=true" : ""}`, token, {
    method: "PUT",
    body: JSON.stringify({ base_version: 1, ...body }),
  });
}

async function impactOf(res: Response): Promise<LineageImpact> {
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as LineageImpact;
}

async function rowsOf(id: number) {
  const res = await h.call(`/api/console/instances/${id}/editing`, ann);
  return ((await res.json()) as { rows: Record<string, unknown>[] }).rows.map((r) => r.COLUMN);
}

async function auditOf(action: string) {
  const res = await h.call(`/api/console/audit?action=${action}`, admin);
  expect(res.status).toBe(200);
  return (await res.json()) as { after: Record<string, unknown> }[];
}

describe("impact of an instance's rows: happy path", () => {
  it("answers the files that change with a sample diff, writing nothing", async () => {
    const impact = await impactOf(
      await saveRows(g.stgOrder.id, { rows: [{ COLUMN: "ID" }, { COLUMN: "AMOUNT" }] }),
    );
    expect(impact.changed).toContainEqual({
      id: g.stgOrder.id,
      pattern: "STG",
      folder: "/stg",
      name: "ORDER",
      files: 1,
    });
    expect(impact.invalid).toEqual([]);
    expect(impact.sample).toEqual({
      instance_id: g.stgOrder.id,
      path: "cols/ORDER.txt",
      diff: expect.stringContaining("-ID;\n+ID;AMOUNT;"),
    });
    expect(await rowsOf(g.stgOrder.id)).toEqual(["ID"]);
    expect(await auditOf("instance.")).toEqual([]);
  });

  it("answers no change for the rows already stored", async () => {
    const impact = await impactOf(await saveRows(g.stgOrder.id, { rows: [{ COLUMN: "ID" }] }));
    expect(impact).toEqual({ changed: [], invalid: [], deployments: [], sample: null });
  });

  it("lists the instance as becoming invalid when a reference cell dangles", async () => {
    const rows = [{ COLUMN: "ID", SOURCE: "STG:/stg/NOPE" }];
    const impact = await impactOf(await saveRows(g.hOrder.id, { rows }));
    expect(impact.invalid).toEqual([
      { id: g.hOrder.id, pattern: "HUB", folder: "/dv", name: "H_ORDER" },
    ]);
  });

  it("answers no impact for a details save that changes no file", async () => {
    const res = await h.call(`/api/console/instances/${g.stgSpare.id}?dry_run=true`, ann, {
      method: "PATCH",
      body: JSON.stringify({ base_version: 1, description: "spare" }),
    });
    expect(await impactOf(res)).toEqual({
      changed: [],
      invalid: [],
      deployments: [],
      sample: null,
    });
  });

  it("lists the readers a delete leaves dangling", async () => {
    const reader = [{ COLUMN: "ID", SOURCE: "HUB:/dv/H_ORDER" }];
    expect((await saveRows(g.lOrderCustomer.id, { rows: reader }, ann, false)).status).toBe(200);
    const res = await h.call(`/api/console/instances/${g.hOrder.id}?dry_run=true`, ann, {
      method: "PATCH",
      body: JSON.stringify({ base_version: 1, flags: { deleted: true }, force: true }),
    });
    expect((await impactOf(res)).invalid).toEqual([
      { id: g.lOrderCustomer.id, pattern: "LNK", folder: "/dv", name: "L_ORDER_CUSTOMER" },
    ]);
    const editing = await h.call(`/api/console/instances/${g.hOrder.id}/editing`, ann);
    expect(((await editing.json()) as { deleted: boolean }).deleted).toBe(false);
  });

  it("records the impact's summary with the real save", async () => {
    const res = await saveRows(g.stgOrder.id, { rows: [{ COLUMN: "KEY" }] }, ann, false);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await rowsOf(g.stgOrder.id)).toEqual(["KEY"]);
    const [event] = await auditOf("instance.update");
    expect(event?.after.impact).toEqual({ changed: 1, invalid: 0, deployments: [] });
  });
});

describe("impact of an instance's rows: errors and security", () => {
  it("answers the save's conflict and bad input", async () => {
    const stale = await saveRows(g.stgOrder.id, { base_version: 7, rows: [{ COLUMN: "X" }] });
    expect(stale.status).toBe(409);
    const unknown = await saveRows(g.stgOrder.id, { rows: [{ NOPE: "X" }] });
    expect(unknown.status).toBe(400);
    const bad = await h.call(`/api/console/instances/${g.stgOrder.id}/rows?dry_run=maybe`, ann, {
      method: "PUT",
      body: JSON.stringify({ base_version: 1, rows: [] }),
    });
    expect(bad.status).toBe(400);
    expect(await messageOf(bad)).toContain("dry_run");
  });

  it("needs write_instances, like the save", async () => {
    expect((await saveRows(g.stgOrder.id, { rows: [{ COLUMN: "X" }] }, bob)).status).toBe(403);
  });

  it("hides another customer's instance", async () => {
    expect((await saveRows(g.stgOrder.id, { rows: [{ COLUMN: "X" }] }, eve)).status).toBe(404);
    expect((await saveRows(g.foreign.id, { rows: [{ COLUMN: "X" }] })).status).toBe(404);
  });
});
