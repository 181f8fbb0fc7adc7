import { beforeEach, describe, expect, it } from "vitest";
import { TEST_PASSWORD, type Harness, createHarness, seedBasic } from "../../../testing/harness.ts";

// Issue 13 item 4: one-time passwords, resets, admins, names, last sign-in, search.
let h: Harness;
let seed: Awaited<ReturnType<typeof seedBasic>>;
let adminToken: string;

beforeEach(async () => {
  h = createHarness();
  seed = await seedBasic(h.db);
  adminToken = await h.token("admin@acme.test");
});

const send = (body: unknown, method = "POST"): RequestInit => ({
  method,
  body: JSON.stringify(body),
});
const users = "/api/console/admin/users";

function signIn(email: string, password: string) {
  return h.call("/authentication", undefined, send({ strategy: "local", email, password }));
}

async function listed(query = "") {
  const res = await h.call(`${users}${query}`, adminToken);
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: Record<string, unknown>[] }).data;
}

describe("users and access: happy path", () => {
  it("creates a user with a one-time password shown once, which signs in", async () => {
    const res = await h.call(users, adminToken, send({ email: "otp@acme.test", name: "Otto P" }));
    expect(res.status).toBe(201);
    const created = (await res.json()) as Record<string, unknown>;
    expect(created).toMatchObject({
      email: "otp@acme.test",
      name: "Otto P",
      must_change_password: true,
      last_sign_in_at: null,
    });
    const otp = created.one_time_password as string;
    expect(otp).toMatch(/^\S{12,}$/);
    expect(JSON.stringify(created)).not.toMatch(/hash|\$2[aby]\$/);
    expect((await signIn("otp@acme.test", otp)).status).toBe(201);
    // Never again: the list does not carry it.
    expect(JSON.stringify(await listed())).not.toContain(otp);
  });

  it("creates a user with a password the admin sets, without a one-time password", async () => {
    const res = await h.call(
      users,
      adminToken,
      send({ email: "set@acme.test", password: "chosen-pass-1" }),
    );
    expect(res.status).toBe(201);
    const created = (await res.json()) as Record<string, unknown>;
    expect(created.one_time_password).toBeUndefined();
    expect(created.must_change_password).toBe(false);
    expect((await signIn("set@acme.test", "chosen-pass-1")).status).toBe(201);
  });

  it("resets a password: the old one stops working, the one-time one works", async () => {
    const res = await h.call(`${users}/${seed.bob.id}/password`, adminToken, send({}));
    expect(res.status).toBe(200);
    const body = (await res.json()) as { one_time_password: string; must_change_password: boolean };
    expect(body.must_change_password).toBe(true);
    expect((await signIn("bob@acme.test", TEST_PASSWORD)).status).toBe(401);
    expect((await signIn("bob@acme.test", body.one_time_password)).status).toBe(201);
  });

  it("makes a user an admin and takes it back", async () => {
    const ann = await h.token("ann@acme.test");
    const up = await h.call(`${users}/${seed.ann.id}`, adminToken, send({ admin: true }, "PATCH"));
    expect(up.status).toBe(200);
    expect(await up.json()).toMatchObject({ id: seed.ann.id, admin: true });
    expect((await h.call(users, ann)).status).toBe(200);
    await h.call(`${users}/${seed.ann.id}`, adminToken, send({ admin: false }, "PATCH"));
    expect((await h.call(users, ann)).status).toBe(403);
  });

  it("shows the last sign-in and finds users by e-mail or name", async () => {
    const before = await listed();
    expect(before.find((u) => u.email === "bob@acme.test")?.last_sign_in_at).toBeNull();
    await h.token("bob@acme.test");
    const after = await listed();
    expect(after.find((u) => u.email === "bob@acme.test")?.last_sign_in_at).toEqual(
      expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    );
    await h.call(`${users}/${seed.ann.id}`, adminToken, send({ name: "Ann Smith" }, "PATCH"));
    expect((await listed("?q=SMITH")).map((u) => u.email)).toEqual(["ann@acme.test"]);
    expect((await listed("?q=bob")).map((u) => u.email)).toEqual(["bob@acme.test"]);
    expect(await listed("?q=%25")).toEqual([]);
  });
});

describe("users and access: errors", () => {
  it("answers 400 naming the password when it is too short or too long", async () => {
    const short = await h.call(
      users,
      adminToken,
      send({ email: "s@acme.test", password: "short" }),
    );
    expect(short.status).toBe(400);
    expect(((await short.json()) as { message: string }).message).toContain("password");
    const long = await h.call(
      `${users}/${seed.bob.id}/password`,
      adminToken,
      send({ password: "é".repeat(40) }),
    );
    expect(long.status).toBe(400);
    expect(((await long.json()) as { message: string }).message).toContain("password");
  });

  it("refuses to demote oneself and leaves the admin an admin", async () => {
    const res = await h.call(
      `${users}/${seed.admin.id}`,
      adminToken,
      send({ admin: false }, "PATCH"),
    );
    expect(res.status).toBe(400);
    expect((await h.call(users, adminToken)).status).toBe(200);
  });

  it("answers 400 for an empty change and 404 for a reset of a missing user", async () => {
    expect((await h.call(`${users}/${seed.bob.id}`, adminToken, send({}, "PATCH"))).status).toBe(
      400,
    );
    expect((await h.call(`${users}/999999/password`, adminToken, send({}))).status).toBe(404);
  });
});

describe("users and access: security", () => {
  it("answers 403 to non-admins for reset, promotion and search", async () => {
    const ann = await h.token("ann@acme.test");
    const attempts = [
      h.call(`${users}/${seed.bob.id}/password`, ann, send({})),
      h.call(`${users}/${seed.ann.id}`, ann, send({ admin: true }, "PATCH")),
      h.call(`${users}?q=bob`, ann),
    ];
    for (const res of await Promise.all(attempts)) expect(res.status).toBe(403);
    expect((await signIn("bob@acme.test", TEST_PASSWORD)).status).toBe(201);
    expect((await h.call(users, ann)).status).toBe(403);
  });

  it("answers 404 for another customer's user, changing nothing", async () => {
    const eve = seed.eve.id;
    expect((await h.call(`${users}/${eve}/password`, adminToken, send({}))).status).toBe(404);
    expect(
      (await h.call(`${users}/${eve}`, adminToken, send({ admin: true }, "PATCH"))).status,
    ).toBe(404);
    expect((await signIn("eve@globex.test", TEST_PASSWORD)).status).toBe(201);
    expect(JSON.stringify(await listed("?q=eve"))).toBe("[]");
  });
});
