import type { InstanceEditing, InstanceVersionList } from "@metabuild/contract";
import { findInstanceWithNames } from "@metabuild/db";
import { beforeEach, describe, expect, it } from "vitest";
import { type Harness, createHarness, seedBasic } from "../../../testing/harness.ts";
import { instanceFixture } from "../../../testing/instances-fixture.ts";

let h: Harness;
let seed: Awaited<ReturnType<typeof seedBasic>>;
let hubId: number;
let ann: string;
let bob: string;
let eve: string;
let admin: string;

const base = "/api/console/instances";

function post(path: string, token: string | undefined, body: unknown) {
  return h.call(path, token, { method: "POST", body: JSON.stringify(body) });
}
/**
 * The stored version, as a client that just loaded the instance would send
 * it: these tests are about other rules (stale bases: lost-updates.test.ts).
 */
async function current(id: number): Promise<number> {
  return (await findInstanceWithNames(h.db, seed.acme.id, id))?.instance.version ?? 1;
}
async function patch(id: number, token: string | undefined, body: object) {
  return h.call(`${base}/${id}`, token, {
    method: "PATCH",
    body: JSON.stringify({ base_version: await current(id), ...body }),
  });
}
function create(token: string | undefined, body: Record<string, unknown> = {}) {
  return post(base, token, {
    project_id: seed.dwh.id,
    pattern_id: hubId,
    folder: "/raw/crm",
    name: "HUB_ORDER",
    ...body,
  });
}

/** HUB_CUSTOMER in /raw/crm: two rows at positions 10 and 20, a label, edit-disabled. */
async function writeCustomer(): Promise<number> {
  return (
    await h.services.instanceWriter.write(
      null,
      {
        projectId: seed.dwh.id,
        patternId: hubId,
        folder: "/raw/crm",
        name: "HUB_CUSTOMER",
        description: "Customers",
        labels: ["crm"],
        rows: [
          { "@POS_NO": "10", COLUMN: "CUSTOMER_ID", LENGTH: "10", BK: "X" },
          { "@POS_NO": "20", COLUMN: "NAME", LENGTH: "100" },
        ],
        flags: { edit_disabled: true },
      },
      { source: "import", overwrite: true },
    )
  ).id;
}

beforeEach(async () => {
  h = createHarness();
  seed = await seedBasic(h.db);
  const fx = instanceFixture(h.db, seed.acme.id);
  const core = await fx.releaseGroup("core");
  await fx.release(core.id, "R1");
  await fx.release(core.id, "R2");
  hubId = (
    await fx.pattern("HUB", {
      releaseGroupId: core.id,
      properties: [
        { name: "COLUMN", posNo: 1, required: true },
        { name: "LENGTH", posNo: 2, datatype: "integer" },
      ],
      roles: [{ name: "BK", posNo: 1 }],
    })
  ).id;
  [ann, bob, eve, admin] = await Promise.all([
    h.token("ann@acme.test"),
    h.token("bob@acme.test"),
    h.token("eve@globex.test"),
    h.token("admin@acme.test"),
  ]);
});

describe("console instance creation: happy path", () => {
  it("creates an empty instance at version 1, in a new folder, checked out to its creator", async () => {
    const res = await create(ann, { folder: "raw/orders/", description: "Orders" });
    expect(res.status).toBe(201);
    const body = (await res.json()) as InstanceEditing;
    expect(body).toMatchObject({
      instance_name: "HUB_ORDER",
      pattern_name: "HUB",
      folder: "/raw/orders",
      version: 1,
      description: "Orders",
      rows: [],
      checkout: { email: "ann@acme.test" },
      read_only_reason: null,
    });
    const listed = await h.call(`/api/v1/instances?project=DWH&name=HUB_ORDER`, ann);
    expect(await listed.json()).toEqual([
      expect.objectContaining({ id: body.instance_id, folder: "/raw/orders" }),
    ]);
    const versions = await h.call(`${base}/${body.instance_id}/versions`, ann);
    expect(((await versions.json()) as InstanceVersionList).data).toEqual([
      expect.objectContaining({ version: 1, source: "console", message: "Created in the console" }),
    ]);
  });

  it("copies rows with their positions, description and labels; not the flags", async () => {
    const source = await writeCustomer();
    const res = await post(`${base}/${source}/copy`, ann, { folder: "/raw/crm", name: "HUB_LEAD" });
    expect(res.status).toBe(201);
    const copy = (await res.json()) as InstanceEditing;
    expect(copy).toMatchObject({
      instance_name: "HUB_LEAD",
      version: 1,
      description: "Customers",
      labels: ["crm"],
      edit_disabled: false,
      checkout: { email: "ann@acme.test" },
    });
    expect(copy.rows).toEqual([
      { "@POS_NO": 10, COLUMN: "CUSTOMER_ID", LENGTH: "10", BK: "X" },
      { "@POS_NO": 20, COLUMN: "NAME", LENGTH: "100", BK: null },
    ]);
    const versions = await h.call(`${base}/${copy.instance_id}/versions`, ann);
    expect(((await versions.json()) as InstanceVersionList).data[0]?.message).toBe(
      "Copied from /raw/crm/HUB_CUSTOMER version 1",
    );
  });
});

describe("console instance creation: errors", () => {
  it("409 when the name is taken in that folder, and the existing instance is untouched", async () => {
    const source = await writeCustomer();
    const res = await create(ann, { name: "HUB_CUSTOMER" });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({
      code: 409,
      message: "Instance '/raw/crm/HUB_CUSTOMER' already exists",
    });
    const copied = await post(`${base}/${source}/copy`, ann, {
      folder: "/raw/crm/",
      name: "HUB_CUSTOMER",
    });
    expect(copied.status).toBe(409);
    const after = (await (
      await h.call(`${base}/${source}/editing`, ann)
    ).json()) as InstanceEditing;
    expect(after).toMatchObject({ version: 1, edit_disabled: true, checkout: null });
  });

  it("400 naming the field for a missing or empty name, a bad folder or a wrong type", async () => {
    for (const [body, field] of [
      [{ name: "  " }, "name"],
      [{ name: undefined }, "name"],
      [{ pattern_id: "HUB" }, "pattern_id"],
      [{ folder: 7 }, "folder"],
    ] as const) {
      const res = await create(ann, body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toContain(field);
    }
    const dots = await create(ann, { folder: "/raw/../x" });
    expect(dots.status).toBe(400);
    for (const [name, message] of [
      ["A/B", "Instance name 'A/B' must not contain '/'"],
      [
        "A\tB",
        "Invalid value for 'name': must not contain control or invisible characters (it has U+0009 at position 2)",
      ],
    ]) {
      const bad = await create(ann, { name });
      expect(bad.status).toBe(400);
      expect(((await bad.json()) as { message: string }).message).toBe(message);
    }
    const star = await create(ann, { name: "A*B" });
    expect(star.status).toBe(400);
    expect(((await star.json()) as { message: string }).message).toContain("'name'");
  });

  it("404 for an unknown pattern, project or source instance", async () => {
    expect((await create(ann, { pattern_id: 9999 })).status).toBe(404);
    expect((await create(ann, { project_id: 9999 })).status).toBe(404);
    expect((await post(`${base}/9999/copy`, ann, { folder: "/", name: "X" })).status).toBe(404);
  });

  it("405 for other methods on the collection", async () => {
    const res = await h.call(base, ann, { method: "GET" });
    expect(res.status).toBe(405);
  });
});

describe("console instance creation: security", () => {
  it("401 without a token", async () => {
    expect((await create(undefined)).status).toBe(401);
  });

  it("403 for a reader without write_instances, and nothing is created", async () => {
    const res = await create(bob);
    expect(res.status).toBe(403);
    const source = await writeCustomer();
    expect((await post(`${base}/${source}/copy`, bob, { folder: "/", name: "X" })).status).toBe(
      403,
    );
    const listed = await h.call(`/api/v1/instances?project=DWH`, ann);
    expect(((await listed.json()) as unknown[]).length).toBe(1);
  });

  it("another tenant's project, pattern and instance are 404", async () => {
    const source = await writeCustomer();
    expect((await create(eve, { project_id: seed.dwh.id })).status).toBe(404);
    expect((await create(eve, { project_id: seed.foreign.id })).status).toBe(403);
    expect((await post(`${base}/${source}/copy`, eve, { folder: "/", name: "X" })).status).toBe(
      404,
    );
  });
});

describe("console instance details", () => {
  it("changes description, labels and flags as a new version, keeping rows and positions", async () => {
    const created = (await (await create(ann)).json()) as InstanceEditing;
    const id = created.instance_id;
    const res = await patch(id, ann, {
      description: "Orders",
      labels: ["erp", " sales ", "erp"],
      flags: { build_disabled: true },
      message: "Not built until the source is live",
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      version: 2,
      description: "Orders",
      labels: ["erp", "sales"],
      build_disabled: true,
      deleted: false,
    });
    const versions = await h.call(`${base}/${id}/versions`, ann);
    expect(((await versions.json()) as InstanceVersionList).data[1]).toMatchObject({
      version: 2,
      message: "Not built until the source is live",
    });
    // The same again is no new version.
    const same = await patch(id, ann, { labels: ["sales", "erp"] });
    expect(((await same.json()) as InstanceEditing).version).toBe(2);
  });

  it("locking an instance ends the locker's checkout", async () => {
    const created = (await (await create(ann)).json()) as InstanceEditing;
    const res = await patch(created.instance_id, ann, { flags: { edit_disabled: true } });
    expect(await res.json()).toMatchObject({
      version: 2,
      edit_disabled: true,
      checkout: null,
      read_only_reason: "Instance '/raw/crm/HUB_ORDER' is read-only (edit disabled)",
    });
  });

  it('puts the instance into a release of its group and out again; "" clears', async () => {
    const { instance_id: id } = (await (await create(ann)).json()) as InstanceEditing;
    const loaded = (await (await h.call(`${base}/${id}/editing`, ann)).json()) as InstanceEditing;
    expect(loaded).toMatchObject({ release_group: "core", release: null, releases: ["R1", "R2"] });
    const into = await patch(id, ann, { release: "R2", description: "Orders" });
    expect(await into.json()).toMatchObject({ version: 2, release: "R2", description: "Orders" });
    const wrong = await patch(id, ann, { release: "R9" });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { message: string }).message).toContain("R9");
    const out = await patch(id, ann, { release: "", description: "" });
    expect(await out.json()).toMatchObject({ version: 3, release: null, description: null });
  });

  it("keeps the rows' own positions", async () => {
    const source = await writeCustomer();
    const unlocked = await patch(source, admin, { flags: { edit_disabled: false } });
    expect(unlocked.status).toBe(200);
    const body = (await unlocked.json()) as InstanceEditing;
    expect(body).toMatchObject({ version: 2, edit_disabled: false, labels: ["crm"] });
    expect(body.rows.map((r) => r["@POS_NO"])).toEqual([10, 20]);
  });

  it("an edit-disabled instance refuses users (admins may lift the lock); a wrong flag is 400", async () => {
    const source = await writeCustomer();
    const refused = await patch(source, ann, { flags: { edit_disabled: false } });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({
      message: "Instance '/raw/crm/HUB_CUSTOMER' is read-only (edit disabled)",
    });
    const bad = await patch(source, admin, { flags: { frozen: true } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toContain("frozen");
  });

  it("someone else's checkout, a reader, another tenant and no token are refused", async () => {
    const created = (await (await create(ann)).json()) as InstanceEditing;
    const id = created.instance_id;
    const held = await patch(id, admin, { description: "x" });
    expect(held.status).toBe(403);
    expect(await held.json()).toMatchObject({
      message: "Instance '/raw/crm/HUB_ORDER' is checked out by ann@acme.test",
    });
    expect((await patch(id, bob, { description: "x" })).status).toBe(403);
    expect((await patch(id, eve, { description: "x" })).status).toBe(404);
    expect((await patch(id, undefined, { description: "x" })).status).toBe(401);
    const after = (await (await h.call(`${base}/${id}/editing`, ann)).json()) as InstanceEditing;
    expect(after).toMatchObject({ version: 1, description: null });
  });
});

describe("console bulk change of instances", () => {
  const bulk = async (
    token: string | undefined,
    body: { ids: number[]; [field: string]: unknown },
  ) =>
    post(`${base}/bulk`, token, {
      project_id: seed.dwh.id,
      base_versions: Object.fromEntries(
        await Promise.all(body.ids.map(async (id) => [id, await current(id)])),
      ),
      ...body,
    });

  it("adds and removes labels and sets flags; locked and held instances are SKIPPED", async () => {
    const locked = await writeCustomer(); // edit-disabled, label crm
    const held = ((await (await create(ann)).json()) as InstanceEditing).instance_id; // ann's checkout
    const free = ((await (await create(ann, { name: "HUB_ITEM" })).json()) as InstanceEditing)
      .instance_id;
    await post(`${base}/${free}/checkin`, ann, {});

    const res = await bulk(admin, {
      ids: [locked, held, free],
      labels_add: ["reviewed"],
      labels_remove: ["crm"],
      flags: { build_disabled: true },
      message: "Parked",
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { instances: unknown[] }).instances).toEqual([
      expect.objectContaining({ id: locked, status: "UPDATED", version: 2 }),
      expect.objectContaining({
        id: held,
        status: "SKIPPED",
        reason: "checked out by ann@acme.test",
        version: 1,
      }),
      expect.objectContaining({ id: free, status: "UPDATED", version: 2 }),
    ]);
    const after = (await (
      await h.call(`${base}/${locked}/editing`, ann)
    ).json()) as InstanceEditing;
    expect(after).toMatchObject({
      labels: ["reviewed"],
      build_disabled: true,
      edit_disabled: true,
    });
    expect(after.rows.map((r) => r["@POS_NO"])).toEqual([10, 20]);

    // ann is no admin: the locked one is skipped; the same change again is UNCHANGED.
    const again = await bulk(ann, { ids: [locked, free], flags: { build_disabled: true } });
    expect(((await again.json()) as { instances: unknown[] }).instances).toEqual([
      expect.objectContaining({ id: locked, status: "SKIPPED", reason: "edit disabled" }),
      expect.objectContaining({ id: free, status: "UNCHANGED", version: 2 }),
    ]);
  });

  it("400 for no ids or an unknown flag; 404 (nothing changed) for an id outside the project", async () => {
    const free = ((await (await create(ann)).json()) as InstanceEditing).instance_id;
    const empty = await bulk(ann, { ids: [] });
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { message: string }).message).toContain("ids");
    expect((await bulk(ann, { ids: [free], flags: { frozen: true } })).status).toBe(400);
    const outside = await bulk(ann, { ids: [free, 9999], flags: { deleted: true } });
    expect(outside.status).toBe(404);
    expect(await outside.json()).toMatchObject({ message: "No record found for id '9999'" });
    const same = (await (await h.call(`${base}/${free}/editing`, ann)).json()) as InstanceEditing;
    expect(same).toMatchObject({ version: 1, deleted: false });
  });

  it("needs a token, write_instances, and the caller's own tenant", async () => {
    const free = ((await (await create(ann)).json()) as InstanceEditing).instance_id;
    expect((await bulk(undefined, { ids: [free] })).status).toBe(401);
    expect((await bulk(bob, { ids: [free], flags: { deleted: true } })).status).toBe(403);
    expect((await bulk(eve, { ids: [free], flags: { deleted: true } })).status).toBe(404);
    expect(
      (await bulk(eve, { project_id: seed.foreign.id, ids: [free], flags: { deleted: true } }))
        .status,
    ).toBe(403);
  });
});
