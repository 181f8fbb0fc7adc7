import { beforeEach, describe, expect, it } from "vitest";
import { TEST_PASSWORD, type Harness, createHarness, seedBasic } from "../../../testing/harness.ts";

let h: Harness;

beforeEach(async () => {
  h = createHarness();
  await seedBasic(h.db);
});

const path = "/api/console/me/password";
const send = (body: unknown): RequestInit => ({ method: "POST", body: JSON.stringify(body) });

function signIn(email: string, password: string) {
  return h.call("/authentication", undefined, {
    method: "POST",
    body: JSON.stringify({ strategy: "local", email, password }),
  });
}

describe("own password change: happy path", () => {
  it("changes the password: the new one signs in, the old one no longer", async () => {
    const bob = await h.token("bob@acme.test");
    const res = await h.call(
      path,
      bob,
      send({ current_password: TEST_PASSWORD, new_password: "brand-new-pass" }),
    );
    expect(res.status).toBe(204);
    expect((await signIn("bob@acme.test", TEST_PASSWORD)).status).toBe(401);
    expect((await signIn("bob@acme.test", "brand-new-pass")).status).toBe(201);
  });

  it("clears the one-time mark that the console asks about", async () => {
    const admin = await h.token("admin@acme.test");
    const created = await h.call("/api/console/admin/users", admin, {
      method: "POST",
      body: JSON.stringify({ email: "otp@acme.test" }),
    });
    const otp = ((await created.json()) as { one_time_password: string }).one_time_password;
    const token = await h.token("otp@acme.test", otp);
    const me = async () =>
      ((await (await h.call("/api/console/me", token)).json()) as { must_change_password: boolean })
        .must_change_password;
    expect(await me()).toBe(true);
    expect(
      (await h.call(path, token, send({ current_password: otp, new_password: "mine-at-last" })))
        .status,
    ).toBe(204);
    expect(await me()).toBe(false);
  });
});

describe("own password change: errors", () => {
  it("answers 400 naming new_password for a short one", async () => {
    const bob = await h.token("bob@acme.test");
    const res = await h.call(
      path,
      bob,
      send({ current_password: TEST_PASSWORD, new_password: "short" }),
    );
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toContain("new_password");
    expect((await signIn("bob@acme.test", TEST_PASSWORD)).status).toBe(201);
  });

  it("answers 400 naming current_password when it is wrong, changing nothing", async () => {
    const bob = await h.token("bob@acme.test");
    const res = await h.call(
      path,
      bob,
      send({ current_password: "not-my-password", new_password: "brand-new-pass" }),
    );
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toContain("current_password");
    expect((await signIn("bob@acme.test", "brand-new-pass")).status).toBe(401);
  });

  it("answers 400 naming a missing field", async () => {
    const bob = await h.token("bob@acme.test");
    const res = await h.call(path, bob, send({ new_password: "brand-new-pass" }));
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain("current_password");
  });
});

describe("own password change: security", () => {
  it("answers 401 without a token", async () => {
    expect(
      (
        await h.call(
          path,
          undefined,
          send({ current_password: "x", new_password: "brand-new-pass" }),
        )
      ).status,
    ).toBe(401);
  });
});
