import { beforeEach, describe, expect, it } from "vitest";
import { type Harness, createHarness, seedBasic } from "../../../testing/harness.ts";
import { messageOf } from "../../../testing/route-checks.ts";

let h: Harness;
let seed: Awaited<ReturnType<typeof seedBasic>>;
let adminToken: string;

beforeEach(async () => {
  h = createHarness();
  seed = await seedBasic(h.db);
  adminToken = await h.token("admin@acme.test");
});

const json = (body: unknown, method = "POST"): RequestInit => ({
  method,
  body: JSON.stringify(body),
});

async function grantCell(token: string, body: Record<string, unknown>) {
  return h.call("/api/console/admin/grants", token, json(body, "PUT"));
}

describe("console admin: happy path", () => {
  it("lists the customer's users without password hashes", async () => {
    const res = await h.call("/api/console/admin/users", adminToken);
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as { data: Record<string, unknown>[] };
    expect(data.map((u) => u.email)).toEqual(["admin@acme.test", "ann@acme.test", "bob@acme.test"]);
    expect(data[0]).toEqual({
      id: seed.admin.id,
      email: "admin@acme.test",
      name: null,
      admin: true,
      disabled: false,
      created_at: expect.any(String),
      // The token of beforeEach signed the admin in.
      last_sign_in_at: expect.any(String),
      must_change_password: false,
    });
    expect(JSON.stringify(data)).not.toMatch(/hash|\$2[aby]\$/);
  });

  it("adds a user who can then sign in", async () => {
    const res = await h.call(
      "/api/console/admin/users",
      adminToken,
      json({ email: "New@Acme.test", password: "long-enough-1" }),
    );
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({
      email: "new@acme.test",
      admin: false,
      disabled: false,
    });
    const signIn = await h.call(
      "/authentication",
      undefined,
      json({ strategy: "local", email: "new@acme.test", password: "long-enough-1" }),
    );
    expect(signIn.status).toBe(201);
  });

  it("grants a permission and the user sees the project; revoking takes it away", async () => {
    const bob = await h.token("bob@acme.test");
    expect((await h.call(`/api/v1/projects/${seed.lake.id}`, bob)).status).toBe(403);
    const cell = { user_id: seed.bob.id, project_id: seed.lake.id, permission: "access" };
    const res = await grantCell(adminToken, { ...cell, granted: true });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ...cell, granted: true });
    expect((await h.call(`/api/v1/projects/${seed.lake.id}`, bob)).status).toBe(200);
    // Granting twice is harmless.
    expect((await grantCell(adminToken, { ...cell, granted: true })).status).toBe(200);
    await grantCell(adminToken, { ...cell, granted: false });
    expect((await h.call(`/api/v1/projects/${seed.lake.id}`, bob)).status).toBe(403);
  });

  it("answers the grants matrix of the customer", async () => {
    const res = await h.call("/api/console/admin/grants", adminToken);
    expect(res.status).toBe(200);
    const matrix = (await res.json()) as {
      users: { email: string }[];
      projects: { name: string }[];
      grants: unknown[];
    };
    expect(matrix.projects.map((p) => p.name)).toEqual(["DWH", "LAKE"]);
    expect(matrix.users).toHaveLength(3);
    expect(matrix.grants).toContainEqual({
      user_id: seed.bob.id,
      project_id: seed.dwh.id,
      permission: "access",
    });
    expect(matrix.grants).toHaveLength(5);
  });

  it("disables a user whose token stops working, and enables them again", async () => {
    const bob = await h.token("bob@acme.test");
    const res = await h.call(`/api/console/admin/users/${seed.bob.id}`, adminToken, {
      ...json({ disabled: true }, "PATCH"),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: seed.bob.id, disabled: true });
    expect((await h.call("/api/console/me", bob)).status).toBe(401);
    await h.call(`/api/console/admin/users/${seed.bob.id}`, adminToken, {
      ...json({ disabled: false }, "PATCH"),
    });
    expect((await h.call("/api/console/me", bob)).status).toBe(200);
  });
});

describe("console admin: errors", () => {
  it("answers 400 naming a bad field", async () => {
    const res = await h.call(
      "/api/console/admin/users",
      adminToken,
      json({ email: "not-an-email", password: "long-enough-1" }),
    );
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain("email");
    const bad = await grantCell(adminToken, {
      user_id: seed.bob.id,
      project_id: seed.lake.id,
      permission: "root",
      granted: true,
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain("permission");
  });

  it("answers 409 for a taken e-mail", async () => {
    const res = await h.call(
      "/api/console/admin/users",
      adminToken,
      json({ email: "ANN@acme.test", password: "long-enough-1" }),
    );
    expect(res.status).toBe(409);
    expect(((await res.json()) as { message: string }).message).toBe(
      "The e-mail 'ann@acme.test' cannot be used for a new user",
    );
  });

  it("refuses to disable one's own account", async () => {
    const res = await h.call(`/api/console/admin/users/${seed.admin.id}`, adminToken, {
      ...json({ disabled: true }, "PATCH"),
    });
    expect(res.status).toBe(400);
    expect((await h.call("/api/console/me", adminToken)).status).toBe(200);
  });

  it("answers 404 for a missing user and 405 for other methods", async () => {
    const res = await h.call("/api/console/admin/users/999999", adminToken, {
      ...json({ disabled: true }, "PATCH"),
    });
    expect(res.status).toBe(404);
    const del = await h.call(`/api/console/admin/users/${seed.bob.id}`, adminToken, {
      method: "DELETE",
    });
    expect(del.status).toBe(405);
  });
});

describe("console admin: security", () => {
  it("answers 403 to non-admins on every operation, changing nothing", async () => {
    const ann = await h.token("ann@acme.test");
    const cell = { user_id: seed.ann.id, project_id: seed.lake.id, permission: "access" };
    const attempts = [
      h.call("/api/console/admin/users", ann),
      h.call("/api/console/admin/grants", ann),
      h.call("/api/console/admin/users", ann, json({ email: "x@acme.test", password: "12345678" })),
      h.call(`/api/console/admin/users/${seed.bob.id}`, ann, json({ disabled: true }, "PATCH")),
      grantCell(ann, { ...cell, granted: true }),
    ];
    for (const res of await Promise.all(attempts)) expect(res.status).toBe(403);
    expect((await h.call(`/api/v1/projects/${seed.lake.id}`, ann)).status).toBe(403);
    expect((await h.call("/api/console/me", await h.token("bob@acme.test"))).status).toBe(200);
  });

  it("answers 401 without a token", async () => {
    expect((await h.call("/api/console/admin/users")).status).toBe(401);
  });

  it("never reaches another customer's users or projects", async () => {
    const eve = seed.eve.id;
    const disable = await h.call(`/api/console/admin/users/${eve}`, adminToken, {
      ...json({ disabled: true }, "PATCH"),
    });
    expect(disable.status).toBe(404);
    expect((await h.call("/api/console/me", await h.token("eve@globex.test"))).status).toBe(200);
    const toForeignProject = await grantCell(adminToken, {
      user_id: seed.bob.id,
      project_id: seed.foreign.id,
      permission: "access",
      granted: true,
    });
    expect(toForeignProject.status).toBe(404);
    const foreignUser = await grantCell(adminToken, {
      user_id: eve,
      project_id: seed.lake.id,
      permission: "access",
      granted: true,
    });
    expect(foreignUser.status).toBe(404);
    const users = await (await h.call("/api/console/admin/users", adminToken)).text();
    expect(users).not.toContain("globex");
  });

  it("answers another customer's e-mail exactly as a taken one of its own, never saying where", async () => {
    const add = (email: string) =>
      h.call("/api/console/admin/users", adminToken, json({ email, password: "long-enough-1" }));
    const foreign = await add("Eve@globex.test");
    const own = await add("bob@acme.test");
    expect([foreign.status, own.status]).toEqual([409, 409]);
    const body = (await foreign.json()) as { message: string };
    expect(body.message).toBe("The e-mail 'eve@globex.test' cannot be used for a new user");
    expect((await messageOf(own)).replace("bob@acme.test", "eve@globex.test")).toBe(body.message);
    expect(body.message).not.toMatch(/exist|another|customer|globex(?!\.test)/i);
    expect((await h.call("/api/console/me", await h.token("eve@globex.test"))).status).toBe(200);
  });
});
