import { Readable, pipeline } from "node:stream";
import { promisify } from "node:util";
import { brotliCompress, constants, createBrotliCompress, createGzip, gzip } from "node:zlib";
import type { MiddlewareHandler } from "hono";
import { jsonTextOf } from "./send-json.ts";

/** Answers shorter than this go plain: the encoding would save less than it costs. */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * Text compresses; zip, xlsx and images already are. Event streams never:
 * a compressor holds bytes back until its block fills, and events must go
 * out at once (docs/http-edge.md "Compression and caching").
 */
const TEXT_TYPES =
  /^(text\/(?!event-stream)[\w.+-]+|application\/(json|javascript|xml|[\w.+-]+\+(json|xml))|image\/svg\+xml)\s*(;|$)/i;

export function isCompressible(contentType: string): boolean {
  return TEXT_TYPES.test(contentType.trim());
}

type Encoding = "br" | "gzip";

/** br when the client takes it, else gzip; a `q=0` refuses one. */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    if (name) accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const takes = (name: Encoding) => (accepted.get(name) ?? accepted.get("*") ?? 0) > 0;
  if (takes("br")) return "br";
  if (takes("gzip")) return "gzip";
  return undefined;
}

function compressor(encoding: Encoding, length: number | undefined) {
  if (encoding === "gzip") return createGzip({ level: GZIP_LEVEL });
  // Quality 5: close to gzip's speed with a clearly smaller result (11, the default, takes seconds on Monaco).
  return createBrotliCompress({
    params: {
      [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      ...(length ? { [constants.BROTLI_PARAM_SIZE_HINT]: length } : {}),
    },
  });
}

const BROTLI_QUALITY = 5;
const GZIP_LEVEL = 6;
const packWhole = {
  br: (body: Buffer) =>
    promisify(brotliCompress)(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  gzip: (body: Buffer) => promisify(gzip)(body, { level: GZIP_LEVEL }),
};

/**
 * Immutable answers (the console's hashed files) are compressed once per
 * encoding and kept: Monaco's 2.7 MB take about half a second of CPU in br.
 * Bounded; the oldest entry goes first.
 */
const IMMUTABLE_CACHE_MAX_BYTES = 64 * 1024 * 1024;

class PackedCache {
  private readonly entries = new Map<string, Buffer>();
  private bytes = 0;

  get(key: string): Buffer | undefined {
    return this.entries.get(key);
  }

  set(key: string, packed: Buffer): void {
    if (packed.length > IMMUTABLE_CACHE_MAX_BYTES || this.entries.has(key)) return;
    this.entries.set(key, packed);
    this.bytes += packed.length;
    for (const [oldest, value] of this.entries) {
      if (this.bytes <= IMMUTABLE_CACHE_MAX_BYTES) break;
      this.entries.delete(oldest);
      this.bytes -= value.length;
    }
  }
}

/**
 * Answers up to this size are read whole and compressed in one call: a build's
 * 2.8 MB file list took 84 ms that way against ~0.85 s through the streaming
 * compressor and its web-stream chunks (docs/http-edge.md "Compression and
 * caching"). Larger answers stream, so memory stays bounded.
 */
const COMPRESS_WHOLE_MAX_BYTES = 8 * 1024 * 1024;

/**
 * Reads the body's first chunks, up to `min` bytes: `short` when the whole
 * body was shorter (most JSON answers carry no Content-Length to tell).
 */
async function peek(body: ReadableStream<Uint8Array>, min: number) {
  const reader = body.getReader();
  const head: Uint8Array[] = [];
  let size = 0;
  while (size < min) {
    const { done, value } = await reader.read();
    if (done) return { short: true as const, head };
    head.push(value);
    size += value.byteLength;
  }
  async function* all() {
    yield* head;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  }
  return { short: false as const, head, all };
}

/** Adds Accept-Encoding to the answer's Vary (`vary`: its value before). */
function varyByEncoding(r: Response, vary: string | null): void {
  if (!vary || !/accept-encoding/i.test(vary))
    r.headers.set("Vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
}

/** Compresses text answers (JSON, HTML, JavaScript, CSS) as they stream out. */
export function compress(): MiddlewareHandler {
  const immutable = new PackedCache();
  return async (c, next) => {
    await next();
    const res = c.res;
    // A known text is a body; asking `res.body` would turn it into a stream.
    const text = jsonTextOf(res);
    if (c.req.method === "HEAD" || (text === undefined && !res.body)) return;
    if (res.headers.has("Content-Encoding")) return;
    if (res.status < 200 || res.status === 204 || res.status === 206 || res.status === 304) return;
    const type = res.headers.get("Content-Type") ?? "";
    // An event stream must reach the browser event by event, also through a buffering nginx.
    if (/^text\/event-stream/i.test(type)) res.headers.set("X-Accel-Buffering", "no");
    if (!isCompressible(type)) return;
    const declared = res.headers.get("Content-Length");
    const length = declared === null ? undefined : Number(declared);
    if (length !== undefined && length < COMPRESS_MIN_BYTES) return;
    const vary = res.headers.get("Vary");
    const encoding = chooseEncoding(c.req.header("Accept-Encoding"));
    if (!encoding) return varyByEncoding(res, vary);
    if (/\bimmutable\b/.test(res.headers.get("Cache-Control") ?? "")) {
      const key = `${encoding} ${c.req.path}`;
      let packed = immutable.get(key);
      if (!packed) {
        packed = await packWhole[encoding](Buffer.from(await res.arrayBuffer()));
        immutable.set(key, packed);
      }
      c.res = new Response(packed, res);
      c.res.headers.set("Content-Length", String(packed.length));
      c.res.headers.set("Content-Encoding", encoding);
      return varyByEncoding(c.res, vary);
    }
    const known = text === undefined ? undefined : Buffer.from(text);
    const body =
      known && known.length < COMPRESS_WHOLE_MAX_BYTES
        ? { short: true as const, head: [known] }
        : await peek(res.body as ReadableStream<Uint8Array>, COMPRESS_WHOLE_MAX_BYTES);
    if (body.short) {
      const whole = Buffer.concat(body.head);
      const packed = whole.length < COMPRESS_MIN_BYTES ? whole : await packWhole[encoding](whole);
      c.res = new Response(packed, res);
      if (packed !== whole) {
        c.res.headers.set("Content-Length", String(packed.length));
        c.res.headers.set("Content-Encoding", encoding);
      }
      return varyByEncoding(c.res, vary);
    }
    const packed = pipeline(Readable.from(body.all()), compressor(encoding, length), () => {});
    c.res = new Response(Readable.toWeb(packed) as ReadableStream<Uint8Array>, res);
    // Set after the assignment: Hono copies the old answer's headers onto the new one.
    c.res.headers.delete("Content-Length");
    c.res.headers.set("Content-Encoding", encoding);
    varyByEncoding(c.res, vary);
  };
}
