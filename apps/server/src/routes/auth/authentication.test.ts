import { runStatement } from "@metabuild/db";
import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { testConfig } from "../../config.ts";
import { TEST_PASSWORD, type Harness, createHarness, seedBasic } from "../../testing/harness.ts";

// The harness's limits (testConfig's defaults, the same as the server's).
const limits = testConfig().loginThrottle;

let h: Harness;
let seed: Awaited<ReturnType<typeof seedBasic>>;

beforeEach(async () => {
  h = createHarness();
  seed = await seedBasic(h.db);
});

function signIn(body: unknown, headers: Record<string, string> = {}) {
  return h.app.request("/authentication", {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}
/** A sign-in from the socket address `address` (what @hono/node-server reports). */
function signInFrom(address: string, body: unknown) {
  return h.app.request(
    "/authentication",
    {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    },
    { incoming: { socket: { remoteAddress: address } } },
  );
}
const local = (email: string, password = TEST_PASSWORD) => ({ strategy: "local", email, password });
const message = async (res: Response) => ((await res.json()) as { message: string }).message;
const tokenOf = async (res: Response) =>
  ((await res.json()) as { accessToken: string }).accessToken;
/** The session cookie's value from a Set-Cookie header. */
const cookieOf = (res: Response) =>
  /metabuild_session=([^;]*)/.exec(res.headers.get("set-cookie") ?? "")?.[1];

describe("authentication: happy path", () => {
  it("signs in with e-mail and password: 201 with the authentication result", async () => {
    const res = await signIn(local("ann@acme.test"));
    expect(res.status).toBe(201);
    const body = (await res.json()) as { accessToken: string };
    expect(body).toEqual({
      accessToken: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
      authentication: { strategy: "local", accessToken: body.accessToken },
      user: { id: seed.ann.id, email: "ann@acme.test" },
    });
    const projects = await h.call("/api/v1/projects", body.accessToken);
    expect(projects.status).toBe(200);
  });

  it("matches the e-mail case-insensitively", async () => {
    const res = await signIn(local("  Ann@ACME.test "));
    expect(res.status).toBe(201);
  });

  it("re-authenticates with strategy jwt, answering the same token", async () => {
    const token = await h.token("bob@acme.test");
    const res = await signIn({ strategy: "jwt", accessToken: token });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({
      accessToken: token,
      authentication: { strategy: "jwt", accessToken: token },
      user: { id: seed.bob.id, email: "bob@acme.test" },
    });
  });

  it("accepts the Authorization schemes Bearer and JWT", async () => {
    const token = await h.token("bob@acme.test");
    for (const scheme of ["Bearer", "JWT", "bearer"]) {
      const res = await h.app.request("/api/v1/projects", {
        headers: { Authorization: `${scheme} ${token}` },
      });
      expect(res.status).toBe(200);
    }
  });

  it("signs out with DELETE /authentication: the token stops working", async () => {
    const token = await h.token("bob@acme.test");
    const res = await h.call("/authentication", token, { method: "DELETE" });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ accessToken: token, user: { id: seed.bob.id } });
    const after = await h.call("/api/v1/projects", token);
    expect(after.status).toBe(401);
    expect(await message(after)).toBe("Not authenticated");
    expect((await signIn({ strategy: "jwt", accessToken: token })).status).toBe(401);
    // Other sessions of the same user live on.
    expect((await h.call("/api/v1/projects", await h.token("bob@acme.test"))).status).toBe(200);
  });
});

describe("authentication: errors", () => {
  it("answers 400 naming each missing field", async () => {
    const cases: [unknown, string][] = [
      [{ strategy: "local", password: "x" }, "'email' is required"],
      [{ strategy: "local", email: "ann@acme.test" }, "'password' is required"],
      [{ email: "ann@acme.test", password: "x" }, "'strategy' is required"],
      [{}, "'strategy' is required"],
      // null is as missing as an absent field
      [{ strategy: "local", email: null, password: "x" }, "'email' is required"],
      [{ strategy: "local", email: "ann@acme.test", password: null }, "'password' is required"],
      [{ strategy: null, email: "ann@acme.test", password: "x" }, "'strategy' is required"],
    ];
    for (const [body, text] of cases) {
      const res = await signIn(body);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({
        name: "BadRequest",
        message: text,
        code: 400,
        className: "bad-request",
      });
    }
  });

  it("answers 400 for an unknown strategy, a body that is not JSON, or a wrong type", async () => {
    const strategy = await signIn({ strategy: "oauth", email: "ann@acme.test", password: "x" });
    expect(strategy.status).toBe(400);
    expect(await message(strategy)).toBe("Invalid authentication strategy 'oauth'");
    const broken = await signIn("{not json");
    expect(broken.status).toBe(400);
    const typed = await signIn({ strategy: "local", email: 42, password: "x" });
    expect(typed.status).toBe(400);
    expect(await message(typed)).toContain("'email'");
  });

  it("answers 405 with Allow for the methods the endpoint does not have", async () => {
    for (const [method, op] of [
      ["GET", "find"],
      ["PUT", "update"],
      ["PATCH", "patch"],
    ] as const) {
      const res = await h.app.request("/authentication", { method });
      expect(res.status, method).toBe(405);
      expect(res.headers.get("Allow"), method).toBe("POST, DELETE");
      expect(await message(res)).toBe(`Method \`${op}\` is not supported by this endpoint.`);
    }
  });

  it("answers 413 PayloadTooLarge for an oversized sign-in body, before checking it", async () => {
    const res = await signIn(local("ann@acme.test", "x".repeat(200 * 1024)));
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({
      name: "PayloadTooLarge",
      code: 413,
      className: "payload-too-large",
    });
  });

  it("answers 401 Invalid login for a wrong password and for an unknown e-mail alike", async () => {
    for (const body of [local("ann@acme.test", "wrong"), local("nobody@acme.test")]) {
      const res = await signIn(body);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({
        name: "NotAuthenticated",
        message: "Invalid login",
        code: 401,
        className: "not-authenticated",
        data: { request_id: expect.any(String) },
      });
    }
  });

  it("answers 401 for a re-authentication with a bad or expired token", async () => {
    expect((await signIn({ strategy: "jwt", accessToken: "a.b.c" })).status).toBe(401);
    const token = await h.token("ann@acme.test");
    h.clock.advance(3601 * 1000);
    const res = await signIn({ strategy: "jwt", accessToken: token });
    expect(res.status).toBe(401);
    expect(await message(res)).toBe("Not authenticated");
  });

  it("throttles repeated failures for one e-mail: 429 with Retry-After, until the window ends", async () => {
    for (let i = 0; i < limits.perEmailAndClient; i++)
      expect((await signIn(local("ann@acme.test", "wrong"))).status).toBe(401);
    const throttled = await signIn(local("ann@acme.test"));
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(((await throttled.json()) as { className: string }).className).toBe("too-many-requests");
    // Another user is not affected by ann's failures.
    expect((await signIn(local("bob@acme.test"))).status).toBe(201);
    h.clock.advance(limits.windowSeconds * 1000 + 1000);
    expect((await signIn(local("ann@acme.test"))).status).toBe(201);
  });

  it("throttles repeated failures from one client address across e-mails (limits as set)", async () => {
    // Lower limits than the defaults: each failure costs a bcrypt comparison.
    const limits = { perEmailAndClient: 5, perClient: 20, perEmail: 100, windowSeconds: 900 };
    h = createHarness({ loginThrottle: limits });
    await seedBasic(h.db);
    // Wrong passwords for each of 4 users (each below the per-pair limit), then unknown
    // e-mails, up to the per-client limit: all from the one client address tests share.
    const emails = ["ann@acme.test", "bob@acme.test", "admin@acme.test", "eve@globex.test"];
    const each = limits.perEmailAndClient - 1;
    for (const email of emails)
      for (let i = 0; i < each; i++) expect((await signIn(local(email, "wrong"))).status).toBe(401);
    for (let i = 0; i < limits.perClient - emails.length * each; i++)
      expect((await signIn(local(`guess${i}@acme.test`))).status).toBe(401);
    const res = await signIn(local("ann@acme.test"));
    expect(res.status).toBe(429);
    expect(res.headers.get("Retry-After")).toMatch(/^\d+$/);
  });

  it("does not lock the user out from another address after failures from one (issue 12)", async () => {
    const attacker = "203.0.113.7";
    for (let i = 0; i < limits.perEmailAndClient; i++)
      expect((await signInFrom(attacker, local("ann@acme.test", "wrong"))).status).toBe(401);
    expect((await signInFrom("198.51.100.20", local("ann@acme.test"))).status).toBe(201);
    const refused = await signInFrom(attacker, local("ann@acme.test"));
    expect(refused.status).toBe(429);
    expect(await message(refused)).toBe("Too many failed sign-ins; try again later");
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
  });

  it("brakes an e-mail failing from many addresses: one try per address per window", async () => {
    const limits = { perEmailAndClient: 3, perClient: 20, perEmail: 10, windowSeconds: 900 };
    h = createHarness({ loginThrottle: limits });
    await seedBasic(h.db);
    const wrong = local("ann@acme.test", "wrong");
    expect((await signInFrom("10.0.0.99", wrong)).status).toBe(401);
    h.clock.advance(60_000);
    // Three addresses fail up to their pair limit: 10 failures in all, the brake.
    for (const address of ["10.0.0.1", "10.0.0.2", "10.0.0.3"])
      for (let i = 0; i < limits.perEmailAndClient; i++)
        expect((await signInFrom(address, wrong)).status).toBe(401);
    // An address that failed once is refused until its failure leaves the window.
    const braked = await signInFrom("10.0.0.99", local("ann@acme.test"));
    expect(braked.status).toBe(429);
    expect(Number(braked.headers.get("Retry-After"))).toBe(limits.windowSeconds - 60);
    // The real user from an address without failures still gets in.
    expect((await signInFrom("192.0.2.10", local("ann@acme.test"))).status).toBe(201);
    // A new address gets one try, not three.
    expect((await signInFrom("10.0.0.4", wrong)).status).toBe(401);
    expect((await signInFrom("10.0.0.4", local("ann@acme.test"))).status).toBe(429);
    // Other e-mails are not braked.
    expect((await signInFrom("10.0.0.4", local("bob@acme.test"))).status).toBe(201);
  });
});

describe("authentication: security", () => {
  it("names the Bearer scheme in WWW-Authenticate on every 401 (RFC 9110)", async () => {
    const missing = await h.call("/api/v1/projects");
    expect(missing.status).toBe(401);
    expect(missing.headers.get("WWW-Authenticate")).toMatch(/^Bearer\b/);
    const wrong = await signIn(local("ann@acme.test", "wrong"));
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get("WWW-Authenticate")).toMatch(/^Bearer\b/);
  });

  it("refuses requests without a token, with a malformed header or a forged token", async () => {
    expect((await h.call("/api/v1/projects")).status).toBe(401);
    const basic = await h.app.request("/api/v1/projects", {
      headers: { Authorization: "Basic YW5uOnB3" },
    });
    expect(basic.status).toBe(401);
    const token = await h.token("ann@acme.test");
    const [head, , sig] = token.split(".");
    const payload = Buffer.from(JSON.stringify({ sub: String(seed.admin.id) })).toString(
      "base64url",
    );
    expect((await h.call("/api/v1/projects", `${head}.${payload}.${sig}`)).status).toBe(401);
  });

  it("refuses an expired token", async () => {
    const token = await h.token("ann@acme.test");
    h.clock.advance(3601 * 1000);
    const res = await h.call("/api/v1/projects", token);
    expect(res.status).toBe(401);
    expect(await message(res)).toBe("Not authenticated");
  });

  it("does not set the session cookie for a sign-in from another origin", async () => {
    const res = await signIn(local("ann@acme.test"), {
      Host: "metabuild.test",
      Origin: "https://evil.test",
    });
    expect(res.status).toBe(201);
    expect(cookieOf(res)).toBeUndefined();
    expect(cookieOf(await signIn(local("ann@acme.test")))).toBeUndefined();
  });

  it("sets an HttpOnly SameSite=Strict cookie on a sign-in from the server's own origin", async () => {
    const res = await signIn(local("ann@acme.test"), {
      Host: "metabuild.test",
      Origin: "http://metabuild.test",
    });
    expect(res.status).toBe(201);
    const header = res.headers.get("set-cookie") ?? "";
    expect(header).toMatch(/HttpOnly/i);
    expect(header).toMatch(/SameSite=Strict/i);
    expect(header).toMatch(/Path=\//);
    expect(cookieOf(res)).toBe(await tokenOf(res));
    // Without a Host header (HTTP/2 sends :authority) the request URL names the server.
    const http2 = await signIn(local("ann@acme.test"), { Origin: "http://localhost" });
    expect(cookieOf(http2)).toBe(await tokenOf(http2));
  });

  it("accepts the cookie for reads and refuses cookie writes without the same Origin", async () => {
    const signedIn = await signIn(local("ann@acme.test"), {
      Host: "metabuild.test",
      Origin: "http://metabuild.test",
    });
    const cookie = `metabuild_session=${cookieOf(signedIn)}`;
    const read = await h.app.request("http://metabuild.test/api/v1/projects", {
      headers: { Cookie: cookie },
    });
    expect(read.status).toBe(200);
    for (const origin of [undefined, "https://evil.test"]) {
      const write = await h.app.request("http://metabuild.test/authentication", {
        method: "DELETE",
        headers: { Cookie: cookie, Host: "metabuild.test", ...(origin ? { Origin: origin } : {}) },
      });
      expect(write.status).toBe(403);
    }
    // The refused writes changed nothing; a same-origin sign-out works and clears the cookie.
    const out = await h.app.request("http://metabuild.test/authentication", {
      method: "DELETE",
      headers: { Cookie: cookie, Host: "metabuild.test", Origin: "http://metabuild.test" },
    });
    expect(out.status).toBe(200);
    expect(out.headers.get("set-cookie")).toMatch(/metabuild_session=;.*Max-Age=0/);
    const after = await h.app.request("http://metabuild.test/api/v1/projects", {
      headers: { Cookie: cookie },
    });
    expect(after.status).toBe(401);
  });

  it("refuses a user who has been disabled since signing in", async () => {
    const token = await h.token("bob@acme.test");
    await runStatement(h.db, sql`update users set disabled = 1 where id = ${seed.bob.id}`);
    expect((await h.call("/api/v1/projects", token)).status).toBe(401);
    expect((await signIn(local("bob@acme.test"))).status).toBe(401);
  });
});
