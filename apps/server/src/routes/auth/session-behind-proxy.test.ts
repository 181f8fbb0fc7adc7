import { beforeEach, describe, expect, it } from "vitest";
import { TEST_PASSWORD, type Harness, createHarness, seedBasic } from "../../testing/harness.ts";

/**
 * The console behind an HTTPS reverse proxy (the case of the `Secure` cookie
 * option): the browser's Origin names the public host, which the proxy passes
 * on in `X-Forwarded-Host` (and the scheme in `X-Forwarded-Proto`) while
 * `Host` names the server behind it. Those headers count only with
 * METABUILD_TRUST_PROXY on (docs/http-edge.md).
 */
let h: Harness;
beforeEach(async () => {
  h = createHarness({ secureCookies: true, trustProxy: 1 });
  await seedBasic(h.db);
});

const PROXIED = {
  Host: "127.0.0.1:8080",
  "X-Forwarded-Host": "metabuild.example.com",
  "X-Forwarded-Proto": "https",
};
const cookieOf = (res: Response) =>
  /metabuild_session=([^;]*)/.exec(res.headers.get("set-cookie") ?? "")?.[1];

function signIn(headers: Record<string, string>) {
  return h.app.request("http://127.0.0.1:8080/authentication", {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify({ strategy: "local", email: "ann@acme.test", password: TEST_PASSWORD }),
  });
}

describe("session cookie behind a reverse proxy (docs/reference/rules.md §2)", () => {
  it("sets a Secure cookie for a sign-in from the public origin the proxy forwards", async () => {
    const res = await signIn({ ...PROXIED, Origin: "https://metabuild.example.com" });
    expect(res.status).toBe(201);
    const header = res.headers.get("set-cookie") ?? "";
    for (const attribute of [/HttpOnly/i, /;\s*Secure/i, /SameSite=Strict/i])
      expect(header).toMatch(attribute);
    expect(cookieOf(res)).toBeTruthy();
  });

  it("accepts cookie writes from that origin and still refuses other origins", async () => {
    const signedIn = await signIn({ ...PROXIED, Origin: "https://metabuild.example.com" });
    const cookie = `metabuild_session=${cookieOf(signedIn)}`;
    const signOut = (origin: string) =>
      h.app.request("http://127.0.0.1:8080/authentication", {
        method: "DELETE",
        headers: { ...PROXIED, Cookie: cookie, Origin: origin },
      });
    expect((await signOut("https://evil.example.net")).status).toBe(403);
    expect((await signOut("https://metabuild.example.com")).status).toBe(200);
  });

  it("gives no cookie to a sign-in whose Origin matches neither host", async () => {
    const res = await signIn({ ...PROXIED, Origin: "https://evil.example.net" });
    expect(res.status).toBe(201);
    expect(cookieOf(res)).toBeUndefined();
  });
});
