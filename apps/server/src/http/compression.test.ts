import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { createHarness, seedBasic } from "../testing/harness.ts";
import { compress, isCompressible } from "./compression.ts";
import { sendJson } from "./send-json.ts";

/**
 * Issue 16 item 6: text answers are compressed (br, else gzip) above a small
 * size; event streams and already-compressed downloads are not; hashed
 * console assets are cached for a year, index.html is revalidated
 * (docs/http-edge.md "Compression and caching").
 */
function consoleDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "mb-console-"));
  mkdirSync(join(dir, "assets"));
  writeFileSync(join(dir, "index.html"), "<!doctype html><html><head></head><body></body></html>");
  writeFileSync(join(dir, "assets", "index-B7x_9kQa.js"), `console.log(${"1+".repeat(4000)}1);`);
  return dir;
}

const openapi = (encoding?: string) =>
  createHarness().app.request("/api/v1/openapi.json", {
    headers: encoding ? { "Accept-Encoding": encoding } : {},
  });

async function bodyBytes(res: Response): Promise<Buffer> {
  return Buffer.from(await res.arrayBuffer());
}

describe("compression: happy path", () => {
  it("answers JSON in br when the client takes it, and the text is the same", async () => {
    const plain = await bodyBytes(await openapi());
    const res = await openapi("gzip, deflate, br");
    expect(res.headers.get("Content-Encoding")).toBe("br");
    expect(res.headers.get("Vary")).toMatch(/Accept-Encoding/i);
    const packed = await bodyBytes(res);
    expect(packed.length).toBeLessThan(plain.length / 3);
    expect(brotliDecompressSync(packed).equals(plain)).toBe(true);
  });

  it("answers in gzip when that is all the client takes", async () => {
    const plain = await bodyBytes(await openapi());
    const res = await openapi("gzip");
    expect(res.headers.get("Content-Encoding")).toBe("gzip");
    expect(gunzipSync(await bodyBytes(res)).equals(plain)).toBe(true);
  });

  it("compresses the console's JavaScript", async () => {
    const h = createHarness({ consoleDir: consoleDir() });
    const res = await h.app.request("/assets/index-B7x_9kQa.js", {
      headers: { "Accept-Encoding": "gzip" },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Encoding")).toBe("gzip");
  });
});

describe("compression of the console's hashed files", () => {
  it("sends the same compressed bytes each time, with their length", async () => {
    const h = createHarness({ consoleDir: consoleDir() });
    const get = () =>
      h.app.request("/assets/index-B7x_9kQa.js", { headers: { "Accept-Encoding": "br" } });
    const [first, second] = [await get(), await get()];
    const a = await bodyBytes(first);
    const b = await bodyBytes(second);
    expect(first.headers.get("Content-Encoding")).toBe("br");
    expect(first.headers.get("Content-Length")).toBe(String(a.length));
    expect(b.equals(a)).toBe(true);
    expect(brotliDecompressSync(a).toString()).toBe(`console.log(${"1+".repeat(4000)}1);`);
  });
});

describe("compression: what is left alone", () => {
  it("sends plain bytes without Accept-Encoding, and small answers plain", async () => {
    expect((await openapi()).headers.get("Content-Encoding")).toBeNull();
    const small = await createHarness().app.request("/health", {
      headers: { "Accept-Encoding": "br, gzip" },
    });
    expect(small.headers.get("Content-Encoding")).toBeNull();
  });

  it("never compresses an event stream (it would hold events back)", async () => {
    const h = createHarness();
    const seed = await seedBasic(h.db);
    const token = await h.token(seed.ann.email);
    const controller = new AbortController();
    const res = await h.app.request("/api/console/events", {
      headers: { Authorization: `Bearer ${token}`, "Accept-Encoding": "br, gzip" },
      signal: controller.signal,
    });
    expect(res.headers.get("Content-Type")).toMatch(/^text\/event-stream/);
    expect(res.headers.get("Content-Encoding")).toBeNull();
    // nginx holds nothing back for it even where proxy_buffering is left on.
    expect(res.headers.get("X-Accel-Buffering")).toBe("no");
    controller.abort();
    await res.body?.cancel().catch(() => {});
  });

  it("compresses text types only: not zip, xlsx or images", () => {
    for (const t of ["application/json", "text/html; charset=UTF-8", "text/javascript", "text/css"])
      expect(isCompressible(t), t).toBe(true);
    for (const t of [
      "application/zip",
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      "image/png",
      "text/event-stream",
      "application/octet-stream",
    ])
      expect(isCompressible(t), t).toBe(false);
  });
});

describe("caching of the console's files", () => {
  it("caches hashed assets for a year, immutable, and revalidates index.html", async () => {
    const h = createHarness({ consoleDir: consoleDir() });
    const asset = await h.app.request("/assets/index-B7x_9kQa.js");
    expect(asset.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    for (const path of ["/", "/projects/1/instances"]) {
      const page = await h.app.request(path);
      expect(page.status).toBe(200);
      expect(page.headers.get("Cache-Control"), path).toBe("no-cache");
    }
  });
});

describe("compression of large answers", () => {
  const app = new Hono();
  app.use(compress());
  // 2 MiB: read whole and compressed in one call, so its length is known.
  app.get("/whole", (c) => c.json({ text: "x".repeat(2 * 1024 * 1024) }));
  // Beyond the whole-body bound: streamed, so memory stays bounded.
  app.get("/streamed", () => {
    const piece = new TextEncoder().encode("y".repeat(1024 * 1024));
    let left = 10;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (left-- > 0) controller.enqueue(piece);
        else controller.close();
      },
    });
    return new Response(body, { headers: { "Content-Type": "application/json" } });
  });

  it("compresses an answer of a few MB whole, with its Content-Length", async () => {
    const res = await app.request("/whole", { headers: { "Accept-Encoding": "br" } });
    const packed = await bodyBytes(res);
    expect(res.headers.get("Content-Encoding")).toBe("br");
    expect(res.headers.get("Content-Length")).toBe(String(packed.length));
    expect(JSON.parse(brotliDecompressSync(packed).toString()).text).toHaveLength(2 * 1024 * 1024);
  });

  it("streams the compression of a larger answer and loses nothing", async () => {
    const res = await app.request("/streamed", { headers: { "Accept-Encoding": "gzip" } });
    expect(res.headers.get("Content-Encoding")).toBe("gzip");
    expect(res.headers.get("Content-Length")).toBeNull();
    expect(gunzipSync(await bodyBytes(res)).length).toBe(10 * 1024 * 1024);
  });
});

describe("answers made by sendJson (their text is known, the body is not read back)", () => {
  const app = new Hono();
  app.use(compress());
  const large = { text: "z".repeat(3000), n: 1 };
  const small = { text: "z", n: 2 };
  app.get("/json/large", (c) => c.json(large));
  app.get("/json/small", (c) => c.json(small));
  app.get("/send/large", (c) => sendJson(c, large));
  app.get("/send/small", (c) => sendJson(c, small));

  it("answer the same headers and bytes as c.json, with and without an encoding", async () => {
    for (const size of ["large", "small"])
      for (const encoding of [undefined, "gzip", "br, gzip"]) {
        const headers: Record<string, string> = encoding ? { "Accept-Encoding": encoding } : {};
        const init = { headers };
        const viaJson = await app.request(`/json/${size}`, init);
        const viaSend = await app.request(`/send/${size}`, init);
        const label = `${size} ${encoding}`;
        expect([...viaSend.headers], label).toEqual([...viaJson.headers]);
        expect((await bodyBytes(viaSend)).equals(await bodyBytes(viaJson)), label).toBe(true);
      }
    const packed = await app.request("/send/large", { headers: { "Accept-Encoding": "br" } });
    expect(packed.headers.get("Content-Encoding")).toBe("br");
  });
});
