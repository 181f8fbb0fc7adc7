/**
 * Reads the parts of an uploaded .xlsx (a zip archive) from a file on disk,
 * with yauzl. The central directory is read first, so the unpacked size is
 * known before anything is inflated; every part is then inflated as a
 * stream and yauzl checks it against its declared size, so an archive that
 * lies about its sizes (a zip bomb) is stopped at the limit instead of
 * filling memory. Its errors become the messages below (docs/spreadsheets.md).
 */
import { open } from "node:fs/promises";
import type { Readable } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import { createInflateRaw } from "node:zlib";
import { BadRequest, PayloadTooLarge } from "@metabuild/core";
import yauzl from "yauzl";

export const workbookMessages = {
  notXlsx:
    "The file is not an .xlsx workbook. Save it as an Excel workbook (.xlsx) and upload it again.",
  oldOrEncrypted:
    "The file is an old Excel (.xls) workbook or a password-protected one. Save it as an .xlsx workbook without a password and upload it again.",
  truncated:
    "The file is not a complete .xlsx workbook: it seems truncated or damaged. Upload the original file again.",
  damaged: (part: string, why: string) =>
    `The .xlsx workbook is damaged: its part '${part}' ${why}. Save it again from your spreadsheet program and upload it again.`,
  tooLarge: (limit: number) => `The file is larger than the upload limit of ${mebibytes(limit)}.`,
  unpacksTooLarge: (limit: number) =>
    `The workbook unpacks to more than the limit of ${mebibytes(limit)}.`,
  unpacksMoreThanDeclared: (part: string) =>
    `The workbook's part '${part}' unpacks to more than the archive declares (a damaged file or a zip bomb).`,
} as const;

function mebibytes(bytes: number): string {
  const units: [number, string][] = [
    [1024 * 1024, "MiB"],
    [1024, "KiB"],
  ];
  for (const [size, unit] of units)
    if (bytes >= size) return `${Number((bytes / size).toFixed(1))} ${unit}`;
  return `${bytes} bytes`;
}

/** A part as the central directory declares it. */
export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
}

const LOCAL = 0x04034b50;
const MAX_ENTRIES = 10_000;

const damaged = (part: string, why: string) => new BadRequest(workbookMessages.damaged(part, why));

function openZip(path: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.open(path, { lazyEntries: true, autoClose: false }, (err, zip) =>
      err ? reject(new BadRequest(workbookMessages.truncated)) : resolve(zip),
    ),
  );
}

/** Each entry of the central directory in turn; a damaged directory is a 400. */
async function* entriesOf(zip: yauzl.ZipFile): AsyncGenerator<yauzl.Entry> {
  for (;;) {
    const entry = await new Promise<yauzl.Entry | undefined>((resolve, reject) => {
      const done = () => {
        zip.off("entry", found);
        zip.off("end", ended);
        zip.off("error", failed);
      };
      const found = (e: yauzl.Entry) => {
        done();
        resolve(e);
      };
      const ended = () => {
        done();
        resolve(undefined);
      };
      const failed = () => {
        done();
        reject(new BadRequest(workbookMessages.truncated));
      };
      zip.once("entry", found).once("end", ended).once("error", failed);
      zip.readEntry();
    });
    if (!entry) return;
    yield entry;
  }
}

export class ZipArchive {
  private constructor(
    private readonly path: string,
    readonly entries: Map<string, ZipEntry>,
  ) {}

  /**
   * Opens `path`, checking that it is a zip archive and that its parts unpack
   * to at most `maxUnpackedBytes` (413 otherwise); any damage is a 400.
   */
  static async open(path: string, maxUnpackedBytes: number): Promise<ZipArchive> {
    // The first bytes tell an old .xls (OLE) or text from a zip, for a message that says which.
    const file = await open(path, "r");
    const head = Buffer.alloc(8);
    try {
      await file.read(head, 0, 8, 0);
    } finally {
      await file.close();
    }
    if (head.readUInt32BE(0) === 0xd0cf11e0) throw new BadRequest(workbookMessages.oldOrEncrypted);
    if (head.readUInt32LE(0) !== LOCAL) throw new BadRequest(workbookMessages.notXlsx);
    const zip = await openZip(path);
    try {
      if (zip.entryCount > MAX_ENTRIES) throw new BadRequest(workbookMessages.notXlsx);
      const entries = new Map<string, ZipEntry>();
      let total = 0;
      for await (const e of entriesOf(zip)) {
        if (e.isEncrypted()) throw new BadRequest(workbookMessages.oldOrEncrypted);
        if (e.compressionMethod !== 0 && e.compressionMethod !== 8)
          throw damaged(e.fileName, "uses a compression method other than deflate");
        total += e.uncompressedSize;
        if (total > maxUnpackedBytes)
          throw new PayloadTooLarge(workbookMessages.unpacksTooLarge(maxUnpackedBytes));
        entries.set(e.fileName, {
          name: e.fileName,
          method: e.compressionMethod,
          compressedSize: e.compressedSize,
          size: e.uncompressedSize,
        });
      }
      return new ZipArchive(path, entries);
    } finally {
      zip.close();
    }
  }

  has(name: string): boolean {
    return this.entries.has(name);
  }

  /** A whole (small) part as text. */
  async text(name: string): Promise<string> {
    let out = "";
    for await (const chunk of this.textChunks(name)) out += chunk;
    return out;
  }

  /**
   * A part as UTF-8 text chunks, inflated as they are read. Producing more
   * bytes than the central directory declared stops with 413: the declared
   * sizes were checked against the limit, the real ones never exceed them.
   */
  async *textChunks(name: string): AsyncGenerator<string> {
    const declared = this.entries.get(name);
    if (!declared) throw damaged(name, "is missing");
    if (declared.compressedSize === 0) {
      if (declared.size !== 0) throw damaged(name, "is empty");
      return;
    }
    // Opened again for each part: nothing stays open between the reads of a workbook.
    const zip = await openZip(this.path);
    let raw: Readable | undefined;
    let source: Readable | undefined;
    try {
      let entry: yauzl.Entry | undefined;
      for await (const e of entriesOf(zip))
        if (e.fileName === name) {
          entry = e;
          break;
        }
      if (!entry) throw damaged(name, "is missing");
      // Inflated here rather than by yauzl: larger chunks, and the count against the declared size.
      const stream = await readStream(zip, entry);
      raw = stream;
      const inflated =
        entry.compressionMethod === 8
          ? stream.pipe(createInflateRaw({ chunkSize: 1 << 17 }))
          : stream;
      if (inflated !== stream) stream.on("error", (err) => inflated.destroy(err));
      source = inflated;
      const decoder = new StringDecoder("utf8");
      let produced = 0;
      try {
        for await (const chunk of source as AsyncIterable<Buffer>) {
          produced += chunk.length;
          if (produced > declared.size)
            throw new PayloadTooLarge(workbookMessages.unpacksMoreThanDeclared(name));
          yield decoder.write(chunk);
        }
      } catch (err) {
        if (err instanceof PayloadTooLarge) throw err;
        throw damaged(name, "cannot be unpacked");
      }
      if (produced !== declared.size) throw damaged(name, "is shorter than it declares");
      const rest = decoder.end();
      if (rest) yield rest;
    } finally {
      // Both ends go: yauzl closes the file once no stream of it is open.
      raw?.destroy();
      source?.destroy();
      zip.close();
    }
  }
}

function readStream(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Readable> {
  return new Promise((resolve, reject) =>
    // Compressed parts come raw (inflated by the caller); stored ones as they are.
    zip.openReadStream(
      entry,
      {
        decompress: entry.isCompressed() ? false : null,
        decrypt: null,
        start: null,
        end: null,
      },
      (err, stream) => {
        if (!err) return resolve(stream);
        reject(
          /local file header/.test(err.message)
            ? damaged(entry.fileName, "has no valid header")
            : new BadRequest(workbookMessages.truncated),
        );
      },
    ),
  );
}
