import { beforeEach, describe, expect, it } from "vitest";
import { type Harness, createHarness, seedBasic } from "../testing/harness.ts";

/** Issue 12 item 2: every endpoint refuses a body over METABUILD_BODY_MAX_BYTES with 413. */
const LIMIT = 1024;
let h: Harness;
let token: string;
beforeEach(async () => {
  h = createHarness({ bodyMaxBytes: LIMIT });
  await seedBasic(h.db);
  token = await h.token("ann@acme.test");
});

const tooLarge = {
  name: "PayloadTooLarge",
  message: `The request body exceeds ${LIMIT} bytes`,
  code: 413,
  className: "payload-too-large",
  // The request id (docs/observability.md).
  data: { request_id: expect.any(String) },
};

/** A body that streams `chunks` pieces of `size` bytes, never ending unless `end`. */
function streamedBody(chunks: number, size: number, end = true) {
  let sent = 0;
  let pulls = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      pulls++;
      if (sent < chunks) {
        sent++;
        controller.enqueue(new Uint8Array(size).fill(0x20));
      } else if (end) controller.close();
    },
  });
  return { stream, pulled: () => pulls };
}

function post(path: string, body: RequestInit["body"], headers: Record<string, string> = {}) {
  return h.app.request(path, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json", ...headers },
    body,
    duplex: "half",
  } as RequestInit);
}

describe("body limit", () => {
  it("refuses a declared Content-Length over the limit at once, without reading the body", async () => {
    // A body that never ends: reading it would hang the test.
    const { stream, pulled } = streamedBody(1, 10, false);
    const res = await post("/api/v1/metadata", stream, { "Content-Length": String(LIMIT + 1) });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual(tooLarge);
    expect(pulled()).toBeLessThanOrEqual(1);
  });

  it("stops reading a chunked body once it grows past the limit", async () => {
    // 100 chunks of 100 bytes would be 10 KB; the 11th chunk passes 1 KiB.
    const { stream, pulled } = streamedBody(100, 100);
    const res = await post("/api/v1/metadata", stream);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual(tooLarge);
    expect(pulled()).toBeLessThan(20);
  });

  it("lets a body within the limit through, chunked or not", async () => {
    // JSON allows whitespace around the object: the body is close to the limit.
    const body = `{}${" ".repeat(LIMIT - 10)}`;
    const declared = await post("/api/v1/metadata", body);
    expect(declared.status).toBe(400);
    expect(((await declared.json()) as { message: string }).message).toBe(
      "A project id or name is required!",
    );
    const bytes = new TextEncoder().encode(body);
    const chunked = await post(
      "/api/v1/metadata",
      new ReadableStream({
        start(controller) {
          controller.enqueue(bytes);
          controller.close();
        },
      }),
    );
    expect(chunked.status).toBe(400);
    expect(((await chunked.json()) as { message: string }).message).toBe(
      "A project id or name is required!",
    );
  });

  it("applies to every endpoint, also before authentication", async () => {
    const res = await h.app.request("/api/v1/projects", {
      method: "POST",
      headers: { "Content-Type": "application/json", "Content-Length": String(LIMIT * 10) },
      body: "{}",
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual(tooLarge);
  });

  it("refuses a GET that declares a body over the limit, also on the instance detail", async () => {
    for (const path of ["/api/v1/projects", "/api/v1/instances/1"]) {
      const res = await h.app.request(path, {
        headers: { Authorization: `Bearer ${token}`, "Content-Length": String(LIMIT + 1) },
      });
      expect(res.status, path).toBe(413);
      expect(await res.json()).toEqual(tooLarge);
    }
  });

  it("leaves the spreadsheet upload to its own, larger limit", async () => {
    const form = new FormData();
    form.set("project", "DWH");
    form.set("file", new Blob([new Uint8Array(LIMIT * 4)]), "big.xlsx");
    const res = await h.call("/api/v1/instances", token, { method: "POST", body: form });
    // Read by the upload (a broken workbook), not refused by the general limit.
    expect(res.status).toBe(400);
  });
});
