/**
 * Receives a multipart upload by streaming: text fields are collected, the
 * one file goes to a temporary file while its bytes are counted, and the
 * request is cut off with 413 the moment the file passes the size limit, so
 * an oversized upload never sits in memory.
 */
import { type WriteStream, createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { finished } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { type AppError, BadRequest, PayloadTooLarge } from "@metabuild/core";
import busboy from "busboy";
import { workbookMessages } from "./zip-archive.ts";

export interface ReceivedForm {
  /** Field name → its values, in the order sent. */
  fields: Map<string, string[]>;
  /** The file part, if one was sent: where it is on disk and its size. */
  file?: { path: string; filename: string; size: number };
  /** Removes the temporary file; call it when done, also after a failure. */
  dispose(): Promise<void>;
}

/** What multipart framing may add around the file (boundaries, headers, fields). */
const ENVELOPE_ALLOWANCE = 1024 * 1024;

export async function receiveUpload(
  request: Request,
  limits: { maxFileBytes: number; fileField: string },
): Promise<ReceivedForm> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(type))
    throw new BadRequest(
      `The upload must be sent as multipart/form-data with the workbook in the '${limits.fileField}' field`,
    );
  const declared = Number(request.headers.get("content-length") ?? Number.NaN);
  if (declared > limits.maxFileBytes + ENVELOPE_ALLOWANCE)
    throw new PayloadTooLarge(workbookMessages.tooLarge(limits.maxFileBytes));
  if (!request.body) throw new BadRequest(`'${limits.fileField}' is required`);

  const dir = await mkdtemp(join(tmpdir(), "metabuild-upload-"));
  const dispose = () => rm(dir, { recursive: true, force: true });
  const source = Readable.fromWeb(request.body as WebReadableStream<Uint8Array>);
  const fields = new Map<string, string[]>();
  let file: ReceivedForm["file"];
  let writing: Promise<void> | undefined;
  let out: WriteStream | undefined;

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": type },
      // One byte past the limit tells "too large" apart from "exactly the limit".
      limits: {
        fileSize: limits.maxFileBytes + 1,
        files: 1,
        fields: 50,
        fieldSize: 64 * 1024,
        parts: 60,
      },
    });
  } catch {
    await dispose();
    throw new BadRequest("The multipart/form-data request has no boundary");
  }

  const done = new Promise<void>((resolve, reject) => {
    const fail = (err: AppError) => {
      source.unpipe(parser);
      source.destroy();
      out?.destroy();
      reject(err);
    };
    parser.on("field", (name, value, info) => {
      if (info.valueTruncated) return fail(new BadRequest(`The field '${name}' is too long`));
      const list = fields.get(name);
      if (list) list.push(value);
      else fields.set(name, [value]);
    });
    parser.on("file", (name, stream, info) => {
      if (name !== limits.fileField) {
        stream.resume();
        return fail(
          new BadRequest(
            `Unknown file field '${name}': send the workbook as '${limits.fileField}'`,
          ),
        );
      }
      const path = join(dir, "upload.xlsx");
      const target = createWriteStream(path);
      out = target;
      let size = 0;
      stream.on("data", (chunk: Buffer) => {
        size += chunk.length;
      });
      stream.on("limit", () =>
        fail(new PayloadTooLarge(workbookMessages.tooLarge(limits.maxFileBytes))),
      );
      stream.pipe(target);
      writing = finished(target).then(() => {
        file = { path, filename: info.filename ?? "", size };
      });
      // A refused upload destroys the file stream; that failure is already reported.
      writing.catch(() => {});
    });
    parser.on("filesLimit", () =>
      fail(new BadRequest(`Send exactly one file, in the '${limits.fileField}' field`)),
    );
    parser.on("fieldsLimit", () => fail(new BadRequest("The upload has too many fields")));
    parser.on("partsLimit", () => fail(new BadRequest("The upload has too many parts")));
    parser.on("error", (err: Error) =>
      fail(new BadRequest(`The multipart/form-data body is malformed: ${err.message}`)),
    );
    source.on("error", () => fail(new BadRequest("The upload was interrupted")));
    parser.on("close", () => {
      Promise.resolve(writing).then(resolve, reject);
    });
  });
  source.pipe(parser);

  try {
    await done;
  } catch (err) {
    await dispose();
    throw err;
  }
  return { fields, file, dispose };
}
