import type { InstanceEditing } from "@metabuild/contract";
import { beforeEach, describe, expect, it } from "vitest";
import { type Harness, createHarness, seedBasic } from "../../../testing/harness.ts";
import { instanceFixture } from "../../../testing/instances-fixture.ts";

// Every console write of an existing instance states the version it is based
// on; a newer one answers 409 (docs/console-instance-writes.md).

let h: Harness;
let seed: Awaited<ReturnType<typeof seedBasic>>;
let hubId: number;
let ann: string;
let bob: string;
let admin: string;
let eve: string;

const base = "/api/console/instances";
type Rows = Record<string, string | number | null>[];
type ErrorBody = { code: number; name: string; message: string; data?: unknown };

/** HUB_CUSTOMER (or `name`) in /raw/crm of DWH, version 1 by ann. */
async function createHub(name = "HUB_CUSTOMER"): Promise<number> {
  return (
    await h.services.instanceWriter.write(
      { id: seed.ann.id, customerId: seed.acme.id, email: seed.ann.email, admin: false },
      {
        projectId: seed.dwh.id,
        patternId: hubId,
        folder: "/raw/crm",
        name,
        rows: [{ COLUMN: "CUSTOMER_ID", LENGTH: "10" }, { COLUMN: "NAME" }],
      },
      { source: "import", overwrite: true },
    )
  ).id;
}

function send(
  method: string,
  path: string,
  token: string | undefined,
  body: unknown,
  ifMatch?: string,
) {
  return h.call(path, token, {
    method,
    body: JSON.stringify(body),
    headers: ifMatch === undefined ? {} : { "If-Match": ifMatch },
  });
}
const putRows = (id: number, token: string | undefined, body: unknown, ifMatch?: string) =>
  send("PUT", `${base}/${id}/rows`, token, body, ifMatch);
const patch = (id: number, token: string | undefined, body: unknown, ifMatch?: string) =>
  send("PATCH", `${base}/${id}`, token, body, ifMatch);
const restore = (
  id: number,
  v: number,
  token: string | undefined,
  body: unknown,
  ifMatch?: string,
) => send("POST", `${base}/${id}/versions/${v}/restore`, token, body, ifMatch);
const bulk = (token: string | undefined, body: Record<string, unknown>) =>
  send("POST", `${base}/bulk`, token, { project_id: seed.dwh.id, ...body });

async function editing(id: number, token = ann): Promise<InstanceEditing> {
  return (await (await h.call(`${base}/${id}/editing`, token)).json()) as InstanceEditing;
}

/** Version 2 by admin: someone else saved after the caller loaded version 1. */
async function savedByAdmin(id: number) {
  const res = await putRows(id, admin, { rows: [{ COLUMN: "BY_ADMIN" }], base_version: 1 });
  expect(res.status).toBe(200);
}

const staleMessage = (path: string) =>
  `Instance '${path}' was saved as version 2 by admin@acme.test after version 1 that this change is based on`;

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
  [ann, bob, admin, eve] = await Promise.all([
    h.token("ann@acme.test"),
    h.token("bob@acme.test"),
    h.token("admin@acme.test"),
    h.token("eve@globex.test"),
  ]);
});

describe("console writes with a base version: happy path", () => {
  it("20 concurrent read-modify-write clients: every 200 keeps its row, the others get 409", async () => {
    const id = await createHub();
    // In-process requests run one after another, so the clients meet at a
    // barrier: all have read before any writes, the worst interleaving.
    const token = (i: number) => (i % 2 === 0 ? ann : admin);
    const loaded = await Promise.all(Array.from({ length: 20 }, (_, i) => editing(id, token(i))));
    const clients = loaded.map(async (view, i) => {
      const rows = [...view.rows, { COLUMN: `CLIENT_${i}` }] as Rows;
      const res = await putRows(id, token(i), { rows, base_version: view.version });
      return { i, status: res.status };
    });
    const results = await Promise.all(clients);
    const saved = results.filter((r) => r.status === 200).map((r) => `CLIENT_${r.i}`);
    expect(results.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    const after = await editing(id);
    const stored = after.rows.map((r) => String(r.COLUMN)).filter((c) => c.startsWith("CLIENT_"));
    // Never a lost row: each 200 is a row in the store, and nothing else is.
    expect(stored.sort()).toEqual(saved.sort());
    expect(after.version).toBe(1 + saved.length);
  });

  it('takes the base from If-Match, as 1 or "1", and from base_version when both agree', async () => {
    const id = await createHub();
    const plain = await putRows(id, ann, { rows: [{ COLUMN: "A" }] }, "1");
    expect(await plain.json()).toMatchObject({ status: "UPDATED", version: 2 });
    const quoted = await putRows(id, ann, { rows: [{ COLUMN: "B" }] }, '"2"');
    expect(await quoted.json()).toMatchObject({ status: "UPDATED", version: 3 });
    const both = await putRows(id, ann, { rows: [{ COLUMN: "C" }], base_version: 3 }, '"3"');
    expect(await both.json()).toMatchObject({ status: "UPDATED", version: 4 });
  });

  it("saves details, bulk changes, restores and check-ins based on the current version", async () => {
    const id = await createHub();
    const other = await createHub("HUB_ITEM");
    const details = await patch(id, ann, { description: "Customers", base_version: 1 });
    expect(await details.json()).toMatchObject({ version: 2, description: "Customers" });
    const changed = await bulk(ann, {
      ids: [id, other],
      labels_add: ["crm"],
      base_versions: { [id]: 2, [other]: 1 },
    });
    expect(changed.status).toBe(200);
    expect(((await changed.json()) as { instances: unknown[] }).instances).toEqual([
      expect.objectContaining({ id, status: "UPDATED", version: 3 }),
      expect.objectContaining({ id: other, status: "UPDATED", version: 2 }),
    ]);
    const restored = await restore(id, 1, ann, { base_version: 3 });
    expect(await restored.json()).toMatchObject({ version: 4, description: null });
    await send("POST", `${base}/${id}/checkout`, ann, {});
    const back = await send("POST", `${base}/${id}/checkin`, ann, {
      rows: [{ COLUMN: "LAST" }],
      base_version: 4,
    });
    expect(await back.json()).toMatchObject({ version: 5, checkout: null });
    // A check-in without rows writes nothing, so it needs no base.
    await send("POST", `${base}/${id}/checkout`, ann, {});
    const plain = await send("POST", `${base}/${id}/checkin`, ann, {});
    expect(plain.status).toBe(200);
  });
});

describe("console writes with a base version: errors", () => {
  it("a stale rows save is 409 naming the newer version and its author; nothing changes", async () => {
    const id = await createHub();
    await savedByAdmin(id);
    const res = await putRows(id, ann, { rows: [{ COLUMN: "BY_ANN" }], base_version: 1 });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      name: "Conflict",
      code: 409,
      className: "conflict",
      message: staleMessage("/raw/crm/HUB_CUSTOMER"),
      data: {
        version: 2,
        user: "admin@acme.test",
        user_id: seed.admin.id,
        request_id: expect.any(String),
      },
    });
    const after = await editing(id);
    expect(after.version).toBe(2);
    expect(after.rows.map((r) => r.COLUMN)).toEqual(["BY_ADMIN"]);
  });

  it("the 409 names the other writer's user id, also when it was the caller in another tab", async () => {
    const id = await createHub();
    await savedByAdmin(id);
    const byAdmin = await putRows(id, ann, { rows: [{ COLUMN: "BY_ANN" }], base_version: 1 });
    expect(((await byAdmin.json()) as ErrorBody).data).toMatchObject({
      version: 2,
      user: "admin@acme.test",
      user_id: seed.admin.id,
    });
    // Ann saves version 3 in one tab; her other tab still works on version 2.
    expect((await putRows(id, ann, { rows: [{ COLUMN: "TAB_1" }], base_version: 2 })).status).toBe(
      200,
    );
    const own = await putRows(id, ann, { rows: [{ COLUMN: "TAB_2" }], base_version: 2 });
    expect(own.status).toBe(409);
    expect(((await own.json()) as ErrorBody).data).toMatchObject({
      version: 3,
      user: "ann@acme.test",
      user_id: seed.ann.id,
    });
  });

  it("a stale details or flags change is 409 with the newer version and author", async () => {
    const id = await createHub();
    await savedByAdmin(id);
    for (const change of [{ description: "x" }, { flags: { build_disabled: true } }]) {
      const res = await patch(id, ann, { ...change, base_version: 1 });
      expect(res.status).toBe(409);
      expect(await res.json()).toMatchObject({
        message: staleMessage("/raw/crm/HUB_CUSTOMER"),
        data: { version: 2, user: "admin@acme.test" },
      });
    }
    expect(await editing(id)).toMatchObject({
      version: 2,
      description: null,
      build_disabled: false,
    });
  });

  it("a stale bulk change is 409 listing the stale instances, and nothing changes", async () => {
    const id = await createHub();
    const other = await createHub("HUB_ITEM");
    await savedByAdmin(id);
    const res = await bulk(ann, {
      ids: [other, id],
      labels_add: ["crm"],
      base_versions: { [id]: 1, [other]: 1 },
    });
    expect(res.status).toBe(409);
    const body = (await res.json()) as ErrorBody;
    expect(body.message).toContain(staleMessage("/raw/crm/HUB_CUSTOMER"));
    expect(body.data).toEqual({
      instances: [{ id, version: 2, user: "admin@acme.test", user_id: seed.admin.id }],
      request_id: expect.any(String),
    });
    expect(await editing(other)).toMatchObject({ version: 1, labels: [] });
  });

  it("a stale restore is 409 with the newer version and author", async () => {
    const id = await createHub();
    await savedByAdmin(id);
    const res = await restore(id, 1, ann, {}, "1");
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({
      message: staleMessage("/raw/crm/HUB_CUSTOMER"),
      data: { version: 2, user: "admin@acme.test" },
    });
    expect((await editing(id)).version).toBe(2);
  });

  it("a missing base is 400 naming base_version and If-Match; nothing changes", async () => {
    const id = await createHub();
    const other = await createHub("HUB_ITEM");
    await send("POST", `${base}/${id}/checkout`, ann, {});
    const missing = [
      await putRows(id, ann, { rows: [{ COLUMN: "A" }] }),
      await patch(id, ann, { description: "x" }),
      await restore(id, 1, ann, {}),
      await send("POST", `${base}/${id}/checkin`, ann, { rows: [{ COLUMN: "A" }] }),
    ];
    for (const res of missing) {
      expect(res.status).toBe(400);
      const { message } = (await res.json()) as ErrorBody;
      expect(message).toContain("'base_version' is required");
      expect(message).toContain("If-Match");
    }
    const partial = await bulk(ann, {
      ids: [id, other],
      flags: { deleted: true },
      base_versions: { [id]: 1 },
    });
    expect(partial.status).toBe(400);
    expect(((await partial.json()) as ErrorBody).message).toContain(`'base_versions.${other}'`);
    expect(await editing(id)).toMatchObject({ version: 1, deleted: false });
  });

  it("an If-Match that is no version, or disagrees with base_version, is 400 naming it", async () => {
    const id = await createHub();
    for (const header of ["*", "abc", '"1", "2"', "0"]) {
      const res = await putRows(id, ann, { rows: [{ COLUMN: "A" }] }, header);
      expect(res.status).toBe(400);
      expect(((await res.json()) as ErrorBody).message).toContain("If-Match");
    }
    const disagree = await putRows(id, ann, { rows: [{ COLUMN: "A" }], base_version: 1 }, "2");
    expect(disagree.status).toBe(400);
    expect(((await disagree.json()) as ErrorBody).message).toContain("base_version");
    const wrongType = await patch(id, ann, { description: "x", base_version: "one" });
    expect(wrongType.status).toBe(400);
    expect(((await wrongType.json()) as ErrorBody).message).toContain("base_version");
    expect((await editing(id)).version).toBe(1);
  });
});

describe("console writes with a base version: security", () => {
  it("a stale base never reveals the newer author to someone who may not write or read", async () => {
    const id = await createHub();
    await savedByAdmin(id);
    const reader = await putRows(id, bob, { rows: [{ COLUMN: "A" }], base_version: 1 });
    expect(reader.status).toBe(403);
    expect(JSON.stringify(await reader.json())).not.toContain("admin@acme.test");
    const foreign = await patch(id, eve, { description: "x", base_version: 1 });
    expect(foreign.status).toBe(404);
    const foreignBulk = await bulk(eve, { ids: [id], base_versions: { [id]: 1 } });
    expect(foreignBulk.status).toBe(404);
    expect((await putRows(id, undefined, { rows: [], base_version: 1 })).status).toBe(401);
  });

  it("someone else's checkout is refused (403) before the version is compared", async () => {
    const id = await createHub();
    await send("POST", `${base}/${id}/checkout`, admin, {});
    const res = await putRows(id, ann, { rows: [{ COLUMN: "A" }], base_version: 1 });
    expect(res.status).toBe(403);
    expect(((await res.json()) as ErrorBody).message).toBe(
      "Instance '/raw/crm/HUB_CUSTOMER' is checked out by admin@acme.test",
    );
  });
});
