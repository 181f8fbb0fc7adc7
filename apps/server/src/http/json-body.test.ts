import { beforeEach, describe, expect, it } from "vitest";
import { type Harness, createHarness, seedBasic } from "../testing/harness.ts";

/**
 * Issue 12 item 8: a JSON endpoint reads only JSON. A body of another type
 * (a cross-site form can send text/plain or urlencoded without a preflight)
 * answers 415; no Content-Type at all is read as JSON (docs/http-edge.md).
 */
let h: Harness;
let token: string;
beforeEach(async () => {
  h = createHarness();
  await seedBasic(h.db);
  token = await h.token("ann@acme.test");
});

const json = JSON.stringify({ project: "DWH" });
const metadata = (body: RequestInit["body"], type?: string) =>
  h.app.request("/api/v1/metadata", {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, ...(type ? { "Content-Type": type } : {}) },
    body,
  });
const message = async (res: Response) => ((await res.json()) as { message: string }).message;

describe("JSON bodies", () => {
  it("answers 415 with the error body for a text/plain body", async () => {
    const res = await metadata(json, "text/plain");
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({
      name: "UnsupportedMediaType",
      message:
        "The request body must be sent as 'Content-Type: application/json', not 'text/plain'",
      code: 415,
      className: "unsupported-media-type",
      data: { request_id: expect.any(String) },
    });
  });

  it("answers 415 for a form body, also on sign-in", async () => {
    expect((await metadata("project=DWH", "application/x-www-form-urlencoded")).status).toBe(415);
    const signIn = await h.app.request("/authentication", {
      method: "POST",
      headers: { "Content-Type": "text/plain;charset=UTF-8" },
      body: JSON.stringify({ strategy: "local", email: "ann@acme.test", password: "x" }),
    });
    expect(signIn.status).toBe(415);
  });

  it("reads application/json with parameters, +json types and a body without Content-Type", async () => {
    const required = "A statement is required!";
    expect(await message(await metadata(json, "application/json; charset=utf-8"))).toBe(required);
    expect(await message(await metadata(json, "application/merge-patch+json"))).toBe(required);
    // A byte body carries no Content-Type (a string body would be labelled text/plain).
    expect(await message(await metadata(new TextEncoder().encode(json)))).toBe(required);
  });

  it("refuses a body nested past METABUILD_MAX_JSON_DEPTH with 400, never 500 (issue 28 item 5)", async () => {
    for (const depth of [65, 3000, 100000]) {
      const nested = `${"[".repeat(depth - 1)}1${"]".repeat(depth - 1)}`;
      const res = await metadata(`{"project":"DWH","statement":${nested}}`, "application/json");
      expect(res.status, `depth ${depth}`).toBe(400);
      expect(await message(res)).toBe(
        "The request body nests deeper than 64 levels of arrays and objects (METABUILD_MAX_JSON_DEPTH)",
      );
    }
    // 64 levels, the body object included, are read (and then checked by the operation's schema).
    const within = `${"[".repeat(62)}1${"]".repeat(62)}`;
    const res = await metadata(`{"project":"DWH","statement":${within}}`, "application/json");
    expect(res.status).toBe(400);
    expect(await message(res)).toMatch(/statement/);
  });
});
