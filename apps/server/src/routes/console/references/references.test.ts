import { schema } from "@metabuild/db";
import { describe, expect, it } from "vitest";
import { type BuildCatalog, seedBuildCatalog } from "../../../testing/builds-fixture.ts";
import type { Harness } from "../../../testing/harness.ts";
import { listOf, messageOf } from "../../../testing/route-checks.ts";
import { referenceHelpers } from "../../../testing/references-fixture.ts";
import { type Seed, routeSuite } from "../../../testing/route-suite.ts";

let h: Harness;
let seed: Seed;
let cat: BuildCatalog;
let ann: string;
let bob: string;
let admin: string;
let eve: string;
routeSuite(
  {
    users: ["ann", "bob", "admin", "eve"],
    fixture: async (h, seed) => await seedBuildCatalog(h.db, seed),
  },
  (app) => {
    ({
      h,
      seed,
      fixture: cat,
      tokens: { ann, bob, admin, eve },
    } = app);
  },
);

const { send, lnkPattern, editing, lnkWith } = referenceHelpers(
  () => h,
  () => ({ admin, ann }),
  () => seed.dwh.id,
);

const edgesOf = async (sourceId: number) =>
  (await h.db.select().from(schema.instanceReferences))
    .filter((e) => e.sourceInstanceId === sourceId)
    .map((e) => [e.property, e.sourcePosNo, e.targetInstanceId, e.targetRow])
    .sort();

const messages = async (id: number) => (await editing(id)).issues.map((i) => i.message);

describe("references: pattern properties", () => {
  it("a reference property names the patterns it may point to; the API lists them", async () => {
    await lnkPattern();
    const items = await listOf<Record<string, unknown>>(
      h,
      "/api/v1/instance_properties?pattern=LNK",
      ann,
    );
    expect(items.map((p) => [p.name, p.datatype, p.references ?? null])).toEqual([
      ["COLUMN_NAME", "string", null],
      ["HUB_REF", "reference", ["HUB"]],
      ["ANY_REF", "reference", ["HUB", "SAT"]],
    ]);
  });

  it("refuses a reference property without references, or naming an unknown pattern", async () => {
    const without = await send("POST", "/api/console/patterns", admin, {
      name: "BAD",
      properties: [{ name: "R", datatype: "reference" }],
    });
    expect(without.status).toBe(400);
    expect(await messageOf(without)).toMatch(/properties.*0.*references.*at least one pattern/);
    const unknown = await send("POST", "/api/console/patterns", admin, {
      name: "BAD",
      properties: [{ name: "R", datatype: "reference", references: ["NOPE"] }],
    });
    expect(unknown.status).toBe(400);
    expect(await messageOf(unknown)).toMatch(/unknown pattern 'NOPE'/);
    const stray = await send("POST", "/api/console/patterns", admin, {
      name: "BAD",
      properties: [{ name: "R", datatype: "string", references: ["HUB"] }],
    });
    expect(stray.status).toBe(400);
    expect(await messageOf(stray)).toMatch(/only a property of datatype 'reference'/);
  });
});

describe("references: rows", () => {
  it("a valid reference resolves, keeps an edge, and shows no issue", async () => {
    const id = await lnkWith([
      { COLUMN_NAME: "A", HUB_REF: "/sales/CUSTOMER", ANY_REF: "SAT:/sales/SAT_CUSTOMER" },
      { COLUMN_NAME: "B", HUB_REF: "HUB:/sales/ORDER#ORDER_ID", ANY_REF: null },
    ]);
    expect(await messages(id)).toEqual([]);
    expect(await edgesOf(id)).toEqual(
      [
        ["HUB_REF", 1, cat.customer.id, null],
        ["ANY_REF", 1, cat.satCustomer.id, null],
        ["HUB_REF", 2, cat.order.id, "ORDER_ID"],
      ].sort(),
    );
  });

  it("marks the cell of a missing, deleted, wrong-pattern or other-project target", async () => {
    const id = await lnkWith([
      { COLUMN_NAME: "A", HUB_REF: "/sales/NOPE" },
      { COLUMN_NAME: "B", HUB_REF: "/sales/GONE" },
      { COLUMN_NAME: "C", HUB_REF: "SAT:/sales/SAT_CUSTOMER" },
      { COLUMN_NAME: "D", HUB_REF: "/LAKE_HUB" },
      { COLUMN_NAME: "E", ANY_REF: "/sales/CUSTOMER" },
      { COLUMN_NAME: "F", HUB_REF: "/sales/CUSTOMER#NO_SUCH_ROW" },
    ]);
    const issues = (await editing(id)).issues;
    expect(issues.map((i) => [i.row, i.column])).toEqual([
      [0, "HUB_REF"],
      [1, "HUB_REF"],
      [2, "HUB_REF"],
      [3, "HUB_REF"],
      [4, "ANY_REF"],
      [5, "HUB_REF"],
    ]);
    const text = issues.map((i) => i.message).join("\n");
    expect(text).toContain("Row 1: HUB_REF references '/sales/NOPE', which does not exist");
    expect(text).toContain("Row 2: HUB_REF references '/sales/GONE', which is deleted");
    expect(text).toContain("Row 3: HUB_REF may reference HUB only, not pattern 'SAT'");
    // LAKE_HUB lives in another project: names resolve inside the instance's own project.
    expect(text).toContain("Row 4: HUB_REF references '/LAKE_HUB', which does not exist");
    expect(text).toContain("Row 5: ANY_REF must name the pattern");
    expect(text).toContain("has no such row");
  });

  it("the editor's check marks the same cells before a save", async () => {
    const id = await lnkWith([{ COLUMN_NAME: "A" }]);
    const res = await send("POST", `/api/console/instances/${id}/validate`, ann, {
      rows: [{ COLUMN_NAME: "A", HUB_REF: "/sales/NOPE" }],
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { issues: { column: string }[] }).issues).toEqual([
      expect.objectContaining({ row: 0, column: "HUB_REF" }),
    ]);
  });

  it("a moved target keeps the reference and every read shows its new path", async () => {
    const id = await lnkWith([
      { COLUMN_NAME: "A", HUB_REF: "/sales/CUSTOMER", ANY_REF: "HUB:/sales/ORDER#ORDER_ID" },
    ]);
    const moved = await send("PATCH", "/api/console/folders", ann, {
      project: "DWH",
      path: "/sales",
      new_path: "/crm/eu",
    });
    expect(moved.status, await moved.clone().text()).toBe(200);
    const after = await editing(id);
    expect(after.rows.map((r) => [r.HUB_REF, r.ANY_REF])).toEqual([
      ["/crm/eu/CUSTOMER", "HUB:/crm/eu/ORDER#ORDER_ID"],
    ]);
    expect(after.issues).toEqual([]);
    expect(await edgesOf(id)).toEqual(
      [
        ["ANY_REF", 1, cat.order.id, "ORDER_ID"],
        ["HUB_REF", 1, cat.customer.id, null],
      ].sort(),
    );
  });

  it("references inside a moved folder follow it too", async () => {
    const id = await lnkWith([{ COLUMN_NAME: "A", HUB_REF: "/sales/CUSTOMER" }]);
    const res = await send("PATCH", "/api/console/folders", ann, {
      project: "DWH",
      path: "/links",
      new_path: "/sales/links",
    });
    expect(res.status).toBe(200);
    const res2 = await send("PATCH", "/api/console/folders", ann, {
      project: "DWH",
      path: "/sales",
      new_path: "/crm",
    });
    expect(res2.status, await res2.clone().text()).toBe(200);
    const after = await editing(id);
    expect(after.folder).toBe("/crm/links");
    expect(after.rows[0]?.HUB_REF).toBe("/crm/CUSTOMER");
    expect(after.issues).toEqual([]);
  });
});

describe("references: deleting a target", () => {
  const deleteHub = async (force?: boolean, token = ann) => {
    const { version } = await editing(cat.customer.id);
    return await send("PATCH", `/api/console/instances/${cat.customer.id}`, token, {
      flags: { deleted: true },
      base_version: version,
      ...(force === undefined ? {} : { force }),
    });
  };

  it("asks first (409 naming the referencing instances), then leaves them dangling", async () => {
    const id = await lnkWith([{ COLUMN_NAME: "A", HUB_REF: "/sales/CUSTOMER" }]);
    const asked = await deleteHub();
    expect(asked.status).toBe(409);
    const body = (await asked.json()) as { message: string; data: unknown };
    expect(body.message).toContain("'/sales/CUSTOMER' is referenced by '/links/L1'");
    expect(body.data).toMatchObject({ referenced_by: [{ id, path: "/links/L1" }] });
    expect((await editing(cat.customer.id)).deleted).toBe(false);

    const forced = await deleteHub(true);
    expect(forced.status, await forced.clone().text()).toBe(200);
    expect(await messages(id)).toEqual([
      "Row 1: HUB_REF references '/sales/CUSTOMER', which is deleted",
    ]);

    // Restoring the target mends the reference.
    const { version } = await editing(cat.customer.id);
    const restored = await send("PATCH", `/api/console/instances/${cat.customer.id}`, ann, {
      flags: { deleted: false },
      base_version: version,
    });
    expect(restored.status).toBe(200);
    expect(await messages(id)).toEqual([]);
  });

  it("the bulk delete asks the same way", async () => {
    await lnkWith([{ COLUMN_NAME: "A", HUB_REF: "/sales/CUSTOMER" }]);
    const { version } = await editing(cat.customer.id);
    const body = {
      project_id: seed.dwh.id,
      ids: [cat.customer.id],
      flags: { deleted: true },
      base_versions: { [cat.customer.id]: version },
    };
    const asked = await send("POST", "/api/console/instances/bulk", ann, body);
    expect(asked.status).toBe(409);
    expect(await messageOf(asked)).toContain("referenced by '/links/L1'");
    const forced = await send("POST", "/api/console/instances/bulk", ann, { ...body, force: true });
    expect(forced.status).toBe(200);
  });

  it("security: a reader may not delete, forced or not; another customer sees nothing", async () => {
    await lnkWith([{ COLUMN_NAME: "A", HUB_REF: "/sales/CUSTOMER" }]);
    expect((await deleteHub(true, bob)).status).toBe(403);
    expect((await deleteHub(true, eve)).status).toBe(404);
    expect((await editing(cat.customer.id)).deleted).toBe(false);
  });
});

describe("references: the editor's picker", () => {
  const candidates = (id: number, query: string, token = ann) =>
    h.call(`/api/console/instances/${id}/reference-candidates?${query}`, token);

  it("lists live instances of the allowed patterns by part of the name, with their text", async () => {
    const id = await lnkWith([{ COLUMN_NAME: "A" }]);
    const res = await candidates(id, "column=HUB_REF&q=cust");
    expect(res.status, await res.clone().text()).toBe(200);
    expect(((await res.json()) as { items: unknown[] }).items).toEqual([
      {
        id: cat.customer.id,
        text: "/sales/CUSTOMER",
        pattern: "HUB",
        folder: "/sales",
        name: "CUSTOMER",
      },
    ]);
    // Two allowed patterns: the text names the pattern; deleted ones are left out.
    const any = await candidates(id, "column=ANY_REF&q=");
    const texts = ((await any.json()) as { items: { text: string }[] }).items.map((i) => i.text);
    expect(texts).toContain("SAT:/sales/SAT_CUSTOMER");
    expect(texts).toContain("HUB:/finance/gl/LEDGER");
    expect(texts).not.toContain("HUB:/sales/GONE");
    expect(texts.some((t) => t.includes("LAKE_HUB"))).toBe(false);
    const editorColumns = (await editing(id)).columns.map((c) => [c.name, c.references ?? null]);
    expect(editorColumns).toEqual([
      ["COLUMN_NAME", null],
      ["HUB_REF", ["HUB"]],
      ["ANY_REF", ["HUB", "SAT"]],
    ]);
  });

  it("refuses a column that is no reference, and other customers' instances", async () => {
    const id = await lnkWith([{ COLUMN_NAME: "A" }]);
    const bad = await candidates(id, "column=COLUMN_NAME");
    expect(bad.status).toBe(400);
    expect(await messageOf(bad)).toContain("'column'");
    expect((await candidates(id, "column=HUB_REF", eve)).status).toBe(404);
    expect((await candidates(id, "column=HUB_REF", bob)).status).toBe(200);
  });
});
