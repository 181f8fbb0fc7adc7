import type {
  InstanceEditing,
  InstanceVersionList,
  InstanceVersionRows,
} from "@metabuild/contract";
import { findInstanceWithNames } from "@metabuild/db";
import { beforeEach, describe, expect, it } from "vitest";
import { type Harness, createHarness, seedBasic } from "../../../testing/harness.ts";
import { instanceFixture } from "../../../testing/instances-fixture.ts";

let h: Harness;
let seed: Awaited<ReturnType<typeof seedBasic>>;
let hubId: number;
let ann: string;
let bob: string;
let admin: string;

const base = "/api/console/instances";

/** HUB_CUSTOMER in /raw/crm of DWH, written by ann (version 1). */
async function createHub(flags: { edit_disabled?: boolean } = {}): Promise<number> {
  const annPrincipal = {
    id: seed.ann.id,
    customerId: seed.acme.id,
    email: seed.ann.email,
    admin: false,
  };
  return (
    await h.services.instanceWriter.write(
      annPrincipal,
      {
        projectId: seed.dwh.id,
        patternId: hubId,
        folder: "/raw/crm",
        name: "HUB_CUSTOMER",
        rows: [
          { COLUMN: "CUSTOMER_ID", LENGTH: "10", BK: "X" },
          { COLUMN: "NAME", LENGTH: "100" },
        ],
        flags,
      },
      { source: "import", overwrite: true },
    )
  ).id;
}

/**
 * The stored version, as a client that just loaded the instance would send
 * it: these tests are about other rules (stale bases: lost-updates.test.ts).
 */
async function current(id: number): Promise<number> {
  return (await findInstanceWithNames(h.db, seed.acme.id, id))?.instance.version ?? 1;
}
async function put(id: number, token: string, rows: Record<string, string | null>[]) {
  return h.call(`${base}/${id}/rows`, token, {
    method: "PUT",
    body: JSON.stringify({ rows, base_version: await current(id) }),
  });
}
function post(path: string, token: string | undefined, body: unknown = {}) {
  return h.call(path, token, { method: "POST", body: JSON.stringify(body) });
}

beforeEach(async () => {
  h = createHarness();
  seed = await seedBasic(h.db);
  const fx = instanceFixture(h.db, seed.acme.id);
  hubId = (
    await fx.pattern("HUB", {
      properties: [
        { name: "COLUMN", posNo: 1, required: true },
        { name: "LENGTH", posNo: 2, datatype: "integer" },
      ],
      roles: [{ name: "BK", posNo: 1 }],
    })
  ).id;
  [ann, bob, admin] = await Promise.all([
    h.token("ann@acme.test"),
    h.token("bob@acme.test"),
    h.token("admin@acme.test"),
  ]);
});

describe("console instance editor: happy path", () => {
  it("loads header, rows, no issues and no checkout", async () => {
    const id = await createHub();
    const res = await h.call(`${base}/${id}/editing`, ann);
    expect(res.status).toBe(200);
    const body = (await res.json()) as InstanceEditing;
    expect(body).toMatchObject({
      instance_id: id,
      instance_name: "HUB_CUSTOMER",
      project_name: "DWH",
      pattern_name: "HUB",
      folder: "/raw/crm",
      version: 1,
      header: ["@POS_NO", "COLUMN", "LENGTH", "BK"],
      labels: [],
      issues: [],
      deleted: false,
      upload_disabled: false,
      insert_disabled: false,
      build_disabled: false,
      edit_disabled: false,
      checkout: null,
      read_only_reason: null,
    });
    expect(body.rows[1]).toEqual({ "@POS_NO": 2, COLUMN: "NAME", LENGTH: "100", BK: null });
    expect(body.columns.map((c) => [c.name, c.kind, c.datatype, c.required])).toEqual([
      ["COLUMN", "property", "string", true],
      ["LENGTH", "property", "integer", false],
      ["BK", "role", null, false],
    ]);
  });

  it("validates rows without saving them, naming row and column", async () => {
    const id = await createHub();
    const res = await post(`${base}/${id}/validate`, bob, {
      rows: [
        { "@POS_NO": 1, COLUMN: "", LENGTH: "ten" },
        { COLUMN: "NAME", LENGTH: 12, BK: "X" },
      ],
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      issues: [
        { row: 0, column: "COLUMN", message: "Row 1: COLUMN is required but empty" },
        { row: 0, column: "LENGTH", message: "Row 1: LENGTH must be a whole number, not 'ten'" },
      ],
    });
    const after = (await (await h.call(`${base}/${id}/editing`, ann)).json()) as InstanceEditing;
    expect(after.version).toBe(1);
    expect(after.rows.map((r) => r.COLUMN)).toEqual(["CUSTOMER_ID", "NAME"]);
  });

  it("saves a version with a validation error at its cell, then fixes it", async () => {
    const id = await createHub();
    const bad = await put(id, ann, [
      { COLUMN: "CUSTOMER_ID", LENGTH: "ten", BK: "X" },
      { COLUMN: "NAME", LENGTH: "100" },
    ]);
    expect(bad.status).toBe(200);
    expect(await bad.json()).toMatchObject({ status: "UPDATED", version: 2 });
    const edited = (await (await h.call(`${base}/${id}/editing`, ann)).json()) as InstanceEditing;
    expect(edited.version).toBe(2);
    expect(edited.issues).toEqual([expect.objectContaining({ row: 0, column: "LENGTH" })]);

    const fixed = await put(id, ann, [
      { COLUMN: "CUSTOMER_ID", LENGTH: "12", BK: "X" },
      { COLUMN: "NAME", LENGTH: "100" },
    ]);
    expect(await fixed.json()).toMatchObject({ status: "UPDATED", version: 3 });
    const after = (await (await h.call(`${base}/${id}/editing`, ann)).json()) as InstanceEditing;
    expect(after.issues).toEqual([]);
  });

  it("keeps rows in the order sent (reorder, remove) and answers UNCHANGED for identical rows", async () => {
    const id = await createHub();
    const rows = [{ COLUMN: "NAME", LENGTH: "100", "@POS_NO": "1" }];
    expect(await (await put(id, ann, rows)).json()).toMatchObject({ status: "UPDATED" });
    expect(await (await put(id, ann, rows)).json()).toMatchObject({
      status: "UNCHANGED",
      version: 2,
    });
    const body = (await (await h.call(`${base}/${id}/editing`, ann)).json()) as InstanceEditing;
    expect(body.rows.map((r) => r.COLUMN)).toEqual(["NAME"]);
  });

  it("lists versions with who made them and shows an old version's rows", async () => {
    const id = await createHub();
    await h.call(`${base}/${id}/rows`, ann, {
      method: "PUT",
      body: JSON.stringify({
        rows: [{ COLUMN: "ORDER_ID", LENGTH: "5" }],
        message: " Orders ",
        base_version: 1,
      }),
    });
    const list = (await (
      await h.call(`${base}/${id}/versions`, bob)
    ).json()) as InstanceVersionList;
    expect(list.data.map((v) => [v.version, v.user, v.source, v.message])).toEqual([
      [1, "ann@acme.test", "import", null],
      [2, "ann@acme.test", "console", "Orders"],
    ]);
    const v1 = (await (
      await h.call(`${base}/${id}/versions/1`, bob)
    ).json()) as InstanceVersionRows;
    expect(v1.rows.map((r) => r.COLUMN)).toEqual(["CUSTOMER_ID", "NAME"]);
    expect(v1.header).toEqual(["@POS_NO", "COLUMN", "LENGTH", "BK"]);
  });

  it("checks out, shows the holder to others, and checks in committing pending rows", async () => {
    const id = await createHub();
    const out = await post(`${base}/${id}/checkout`, ann);
    expect(out.status).toBe(200);
    expect(((await out.json()) as InstanceEditing).checkout).toMatchObject({
      email: "ann@acme.test",
    });
    const seen = (await (await h.call(`${base}/${id}/editing`, admin)).json()) as InstanceEditing;
    expect(seen.read_only_reason).toBe(
      "Instance '/raw/crm/HUB_CUSTOMER' is checked out by ann@acme.test",
    );

    const back = await post(`${base}/${id}/checkin`, ann, {
      rows: [{ COLUMN: "PENDING" }],
      base_version: 1,
    });
    expect(back.status).toBe(200);
    const body = (await back.json()) as InstanceEditing;
    expect(body.checkout).toBeNull();
    expect(body.version).toBe(2);
    expect(body.rows.map((r) => r.COLUMN)).toEqual(["PENDING"]);
  });

  it("gives a checkout taken by two users at once to exactly one of them", async () => {
    const id = await createHub();
    const [one, two] = await Promise.all([
      post(`${base}/${id}/checkout`, ann),
      post(`${base}/${id}/checkout`, admin),
    ]);
    expect([one.status, two.status].sort()).toEqual([200, 403]);
    const holder = one.status === 200 ? "ann@acme.test" : "admin@acme.test";
    const seen = (await (await h.call(`${base}/${id}/editing`, admin)).json()) as InstanceEditing;
    expect(seen.checkout).toMatchObject({ email: holder });
  });

  it("lets an admin release another user's checkout", async () => {
    const id = await createHub();
    await post(`${base}/${id}/checkout`, ann);
    const res = await post(`${base}/${id}/checkin`, admin);
    expect(res.status).toBe(200);
    expect(((await res.json()) as InstanceEditing).checkout).toBeNull();
  });
});

describe("console instance editor: restoring a version", () => {
  const restore = async (id: number, version: number, token: string | undefined) =>
    post(`${base}/${id}/versions/${version}/restore`, token, { base_version: await current(id) });

  it("brings version 1's rows back as a new version, keeping the versions between", async () => {
    const id = await createHub();
    await put(id, ann, [{ COLUMN: "OTHER", LENGTH: "5" }]);
    const res = await restore(id, 1, ann);
    expect(res.status).toBe(200);
    const body = (await res.json()) as InstanceEditing;
    expect(body.version).toBe(3);
    expect(body.rows.map((r) => r.COLUMN)).toEqual(["CUSTOMER_ID", "NAME"]);
    const versions = (await (
      await h.call(`${base}/${id}/versions`, ann)
    ).json()) as InstanceVersionList;
    expect(versions.data.map((v) => [v.version, v.message])).toEqual([
      [1, null],
      [2, null],
      [3, "Restored version 1"],
    ]);
  });

  it("404 for an unknown version; 403 for a reader, an edit-disabled instance, another's checkout", async () => {
    const id = await createHub();
    expect((await restore(id, 9, ann)).status).toBe(404);
    expect((await restore(id, 1, bob)).status).toBe(403);
    expect((await restore(id, 1, undefined)).status).toBe(401);
    await post(`${base}/${id}/checkout`, ann);
    const held = await restore(id, 1, admin);
    expect(held.status).toBe(403);
    expect(await held.json()).toMatchObject({
      message: "Instance '/raw/crm/HUB_CUSTOMER' is checked out by ann@acme.test",
    });
    const locked = await createHub({ edit_disabled: true });
    expect((await restore(locked, 1, ann)).status).toBe(403);
  });
});

describe("console instance editor: errors", () => {
  it("answers 404 for a missing instance and a missing version", async () => {
    const id = await createHub();
    expect((await h.call(`${base}/99999/editing`, ann)).status).toBe(404);
    const res = await h.call(`${base}/${id}/versions/9`, ann);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ message: `Instance ${id} has no version 9` });
  });

  it("answers 400 naming the field for a body without rows", async () => {
    const id = await createHub();
    const res = await h.call(`${base}/${id}/rows`, ann, { method: "PUT", body: "{}" });
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain("rows");
  });

  it("answers 400 for an unknown column", async () => {
    const id = await createHub();
    const res = await put(id, ann, [{ COLUMN: "A", NOPE: "x" }]);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toContain("unknown column 'NOPE'");
    const check = await post(`${base}/${id}/validate`, ann, { rows: [{ COLUMN: "A", NOPE: "x" }] });
    expect(check.status).toBe(400);
    expect(((await check.json()) as { message: string }).message).toBe(
      "rows: row 1 has an unknown column 'NOPE'",
    );
  });

  it("answers 400 naming rows when validating a body without them", async () => {
    const id = await createHub();
    const res = await post(`${base}/${id}/validate`, ann, { rows: "x" });
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain("rows");
  });

  it("refuses saving and checking out an edit-disabled instance with 403", async () => {
    const id = await createHub({ edit_disabled: true });
    const save = await put(id, ann, [{ COLUMN: "A" }]);
    expect(save.status).toBe(403);
    expect(await save.json()).toMatchObject({
      message: "Instance '/raw/crm/HUB_CUSTOMER' is read-only (edit disabled)",
    });
    expect((await post(`${base}/${id}/checkout`, ann)).status).toBe(403);
    const view = (await (await h.call(`${base}/${id}/editing`, ann)).json()) as InstanceEditing;
    expect(view.read_only_reason).toContain("read-only");
  });

  it("answers 405 for unsupported methods", async () => {
    const id = await createHub();
    expect((await h.call(`${base}/${id}/rows`, ann)).status).toBe(405);
    expect((await h.call(`${base}/${id}/versions`, ann, { method: "DELETE" })).status).toBe(405);
  });
});

describe("console instance editor: security", () => {
  it("requires a sign-in", async () => {
    const id = await createHub();
    expect((await h.call(`${base}/${id}/editing`)).status).toBe(401);
    expect((await post(`${base}/${id}/validate`, undefined, { rows: [] })).status).toBe(401);
  });

  it("refuses saving without write_instances", async () => {
    const id = await createHub();
    const res = await put(id, bob, [{ COLUMN: "A" }]);
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({
      message: "You don't have permissions to write instances in this project!",
    });
    const view = (await (await h.call(`${base}/${id}/editing`, bob)).json()) as InstanceEditing;
    expect(view.read_only_reason).toBe(
      "You don't have permissions to write instances in this project!",
    );
  });

  it("refuses another user's edits and checkin while checked out, naming the holder", async () => {
    const id = await createHub();
    await post(`${base}/${id}/checkout`, admin);
    const save = await put(id, ann, [{ COLUMN: "A" }]);
    expect(save.status).toBe(403);
    expect(await save.json()).toMatchObject({
      message: "Instance '/raw/crm/HUB_CUSTOMER' is checked out by admin@acme.test",
    });
    expect((await post(`${base}/${id}/checkout`, ann)).status).toBe(403);
    expect((await post(`${base}/${id}/checkin`, ann)).status).toBe(403);
  });

  it("hides another customer's instance (404) and a project without access (403)", async () => {
    const id = await createHub();
    const eve = await h.token("eve@globex.test");
    expect((await h.call(`${base}/${id}/editing`, eve)).status).toBe(404);
    expect((await h.call(`${base}/${id}/versions`, eve)).status).toBe(404);
    expect((await post(`${base}/${id}/validate`, eve, { rows: [] })).status).toBe(404);
    const fx = instanceFixture(h.db, seed.acme.id);
    const lakeId = (await fx.instance({ projectId: seed.lake.id, patternId: hubId, name: "L" })).id;
    expect((await h.call(`${base}/${lakeId}/editing`, ann)).status).toBe(403);
  });
});
