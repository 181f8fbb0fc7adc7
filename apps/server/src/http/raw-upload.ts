/**
 * Receives a raw request body (a file sent as `text/csv`, an .xlsx type or
 * `application/octet-stream`) into a temporary file while counting its
 * bytes; past `maxBytes` the read stops with 413, so an oversized file never
 * sits in memory (docs/metadata-tables.md "Loading").
 */
import { createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { AppError, BadRequest, PayloadTooLarge } from "@metabuild/core";

export interface ReceivedFile {
  file?: { path: string; filename: string; size: number };
  dispose(): Promise<void>;
}

export async function receiveRawFile(
  request: Request,
  maxBytes: number,
  tooLarge: string,
): Promise<ReceivedFile> {
  const declared = Number(request.headers.get("content-length") ?? Number.NaN);
  if (declared > maxBytes) throw new PayloadTooLarge(tooLarge);
  const dir = await mkdtemp(join(tmpdir(), "metabuild-load-"));
  const dispose = () => rm(dir, { recursive: true, force: true });
  if (!request.body) return { dispose };
  const path = join(dir, "upload");
  let size = 0;
  const count = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      if (size > maxBytes) return done(new PayloadTooLarge(tooLarge));
      done(null, chunk);
    },
  });
  try {
    await pipeline(
      Readable.fromWeb(request.body as WebReadableStream<Uint8Array>),
      count,
      createWriteStream(path),
    );
  } catch (err) {
    await dispose();
    if (err instanceof AppError) throw err;
    throw new BadRequest("The upload was interrupted");
  }
  return { file: size === 0 ? undefined : { path, filename: "", size }, dispose };
}
