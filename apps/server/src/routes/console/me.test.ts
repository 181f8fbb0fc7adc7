import type { Me } from "@metabuild/contract";
import { tablesOf } from "@metabuild/db";
import { beforeEach, describe, expect, it } from "vitest";
import { TEST_PASSWORD, type Harness, createHarness, seedBasic } from "../../testing/harness.ts";

let h: Harness;
let seed: Awaited<ReturnType<typeof seedBasic>>;

beforeEach(async () => {
  h = createHarness();
  seed = await seedBasic(h.db);
});

/** Signs in the way the console does: same Origin as the server, so a session cookie is set. */
async function consoleSignIn(email: string): Promise<string> {
  const res = await h.app.request("http://localhost/authentication", {
    method: "POST",
    headers: { "Content-Type": "application/json", Host: "localhost", Origin: "http://localhost" },
    body: JSON.stringify({ strategy: "local", email, password: TEST_PASSWORD }),
  });
  expect(res.status).toBe(201);
  const cookie = res.headers.get("set-cookie") ?? "";
  expect(cookie).toMatch(/HttpOnly/i);
  return cookie.split(";")[0];
}

function withCookie(cookie: string, init: RequestInit = {}) {
  return h.app.request("http://localhost/api/console/me", {
    ...init,
    headers: { Cookie: cookie, Host: "localhost", Origin: "http://localhost" },
  });
}

describe("console me: happy path", () => {
  it("answers the signed-in user with the bearer token", async () => {
    const res = await h.call("/api/console/me", await h.token("ann@acme.test"));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      id: seed.ann.id,
      email: "ann@acme.test",
      admin: false,
      customer_id: seed.acme.id,
      customer: "Acme",
      must_change_password: false,
      develop_patterns: false,
      projects: [
        {
          id: seed.dwh.id,
          name: "DWH",
          permissions: ["access", "write_instances", "read_builds", "write_builds"],
        },
      ],
    });
  });

  it("lists what a read-only user may do per project, so the console can hide the rest", async () => {
    const res = await h.call("/api/console/me", await h.token("bob@acme.test"));
    expect(((await res.json()) as Me).projects).toEqual([
      { id: seed.dwh.id, name: "DWH", permissions: ["access"] },
    ]);
  });

  it("gives an admin every permission on every project of the customer, and no other's", async () => {
    const res = await h.call("/api/console/me", await h.token("admin@acme.test"));
    const { projects } = (await res.json()) as Me;
    expect(projects.map((p) => p.name)).toEqual(["DWH", "LAKE"]);
    expect(projects[1].permissions).toEqual([
      "access",
      "write_instances",
      "read_builds",
      "write_builds",
    ]);
  });

  it("answers the user of the console's session cookie, admin flag included", async () => {
    const res = await withCookie(await consoleSignIn("admin@acme.test"));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ email: "admin@acme.test", admin: true });
  });
});

describe("console me: errors", () => {
  it("answers 405 for other methods", async () => {
    const res = await h.call("/api/console/me", await h.token("ann@acme.test"), {
      method: "POST",
      body: "{}",
    });
    expect(res.status).toBe(405);
    expect(res.headers.get("Allow")).toBe("GET");
    expect(((await res.json()) as { message: string }).message).toBe(
      "Method `create` is not supported by this endpoint.",
    );
  });
});

describe("console me: security", () => {
  it("lists only the caller's customer's projects, and none without an access grant", async () => {
    const eve = await h.call("/api/console/me", await h.token("eve@globex.test"));
    expect(((await eve.json()) as Me).projects.map((p: { name: string }) => p.name)).toEqual([
      "GLOBEX_DWH",
    ]);
    await h.db
      .insert(tablesOf(h.db).grants)
      .values({ userId: seed.bob.id, projectId: seed.lake.id, permission: "write_builds" });
    const bob = await h.call("/api/console/me", await h.token("bob@acme.test"));
    expect(((await bob.json()) as Me).projects.map((p: { name: string }) => p.name)).toEqual([
      "DWH",
    ]);
  });

  it("answers 401 without a token or cookie", async () => {
    const res = await h.call("/api/console/me");
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      name: "NotAuthenticated",
      message: "Not authenticated",
      code: 401,
      className: "not-authenticated",
      data: { request_id: expect.any(String) },
    });
  });

  it("answers 401 once the session is signed out", async () => {
    const cookie = await consoleSignIn("ann@acme.test");
    expect((await withCookie(cookie)).status).toBe(200);
    const signOut = await h.app.request("http://localhost/authentication", {
      method: "DELETE",
      headers: { Cookie: cookie, Host: "localhost", Origin: "http://localhost" },
    });
    expect(signOut.status).toBe(200);
    expect((await withCookie(cookie)).status).toBe(401);
  });

  it("answers 401 for an expired token", async () => {
    const token = await h.token("bob@acme.test");
    h.clock.advance(3601 * 1000);
    expect((await h.call("/api/console/me", token)).status).toBe(401);
  });

  it("names each user's own customer only", async () => {
    const res = await h.call("/api/console/me", await h.token("eve@globex.test"));
    expect(await res.json()).toMatchObject({ customer_id: seed.other.id, customer: "Globex" });
  });
});
