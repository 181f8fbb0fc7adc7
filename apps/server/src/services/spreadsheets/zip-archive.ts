/**
 * Reads the parts of an uploaded .xlsx (a zip archive) from a file on disk.
 * The central directory is read first, so the unpacked size is known before
 * anything is inflated; every part is then inflated as a stream and counted,
 * so an archive that lies about its sizes (a zip bomb) is stopped at the
 * limit instead of filling memory.
 */
import { createReadStream } from "node:fs";
import { type FileHandle, open } from "node:fs/promises";
import { StringDecoder } from "node:string_decoder";
import { createInflateRaw } from "node:zlib";
import { BadRequest, PayloadTooLarge } from "@metabuild/core";

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

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  localHeaderOffset: number;
}

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const MAX_ENTRIES = 10_000;

const damaged = (part: string, why: string) => new BadRequest(workbookMessages.damaged(part, why));

/** Finds the zip64 values of an entry that marks them 0xFFFFFFFF in the central directory. */
function zip64Sizes(extra: Buffer, entry: ZipEntry): void {
  for (let p = 0; p + 4 <= extra.length; ) {
    const id = extra.readUInt16LE(p);
    const len = extra.readUInt16LE(p + 2);
    if (id === 0x0001) {
      let q = p + 4;
      const next = () => {
        const v = Number(extra.readBigUInt64LE(q));
        q += 8;
        return v;
      };
      if (entry.size === 0xffffffff) entry.size = next();
      if (entry.compressedSize === 0xffffffff) entry.compressedSize = next();
      if (entry.localHeaderOffset === 0xffffffff) entry.localHeaderOffset = next();
      return;
    }
    p += 4 + len;
  }
}

export class ZipArchive {
  private constructor(
    private readonly path: string,
    private readonly fileSize: number,
    private readonly centralStart: number,
    readonly entries: Map<string, ZipEntry>,
  ) {}

  /**
   * Opens `path`, checking that it is a zip archive and that its parts unpack
   * to at most `maxUnpackedBytes` (413 otherwise); any damage is a 400.
   */
  static async open(path: string, maxUnpackedBytes: number): Promise<ZipArchive> {
    const file = await open(path, "r");
    try {
      const { size } = await file.stat();
      const head = await read(file, 0, Math.min(8, size));
      if (head.length >= 4 && head.readUInt32BE(0) === 0xd0cf11e0)
        throw new BadRequest(workbookMessages.oldOrEncrypted);
      if (head.length < 4 || head.readUInt32LE(0) !== LOCAL)
        throw new BadRequest(workbookMessages.notXlsx);
      const { start, length, count } = await centralDirectory(file, size);
      const entries = new Map<string, ZipEntry>();
      const dir = await read(file, start, length);
      let total = 0;
      for (let p = 0, i = 0; i < count; i++) {
        if (p + 46 > dir.length || dir.readUInt32LE(p) !== CENTRAL)
          throw new BadRequest(workbookMessages.truncated);
        const flags = dir.readUInt16LE(p + 8);
        const nameLen = dir.readUInt16LE(p + 28);
        const extraLen = dir.readUInt16LE(p + 30);
        const commentLen = dir.readUInt16LE(p + 32);
        const entry: ZipEntry = {
          name: dir.toString("utf8", p + 46, p + 46 + nameLen),
          method: dir.readUInt16LE(p + 10),
          compressedSize: dir.readUInt32LE(p + 20),
          size: dir.readUInt32LE(p + 24),
          localHeaderOffset: dir.readUInt32LE(p + 42),
        };
        zip64Sizes(dir.subarray(p + 46 + nameLen, p + 46 + nameLen + extraLen), entry);
        p += 46 + nameLen + extraLen + commentLen;
        if (flags & 1) throw new BadRequest(workbookMessages.oldOrEncrypted);
        if (entry.method !== 0 && entry.method !== 8)
          throw damaged(entry.name, "uses a compression method other than deflate");
        if (entry.localHeaderOffset + 30 + entry.compressedSize > start)
          throw new BadRequest(workbookMessages.truncated);
        total += entry.size;
        if (total > maxUnpackedBytes)
          throw new PayloadTooLarge(workbookMessages.unpacksTooLarge(maxUnpackedBytes));
        entries.set(entry.name, entry);
      }
      return new ZipArchive(path, size, start, entries);
    } finally {
      await file.close();
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
    const entry = this.entries.get(name);
    if (!entry) throw damaged(name, "is missing");
    const dataStart = await this.dataStart(entry);
    if (entry.compressedSize === 0) {
      if (entry.size !== 0) throw damaged(name, "is empty");
      return;
    }
    const raw = createReadStream(this.path, {
      start: dataStart,
      end: dataStart + entry.compressedSize - 1,
      highWaterMark: 1 << 18,
    });
    const source = entry.method === 8 ? raw.pipe(createInflateRaw({ chunkSize: 1 << 17 })) : raw;
    if (source !== raw) raw.on("error", (err) => source.destroy(err));
    const decoder = new StringDecoder("utf8");
    let produced = 0;
    try {
      for await (const chunk of source as AsyncIterable<Buffer>) {
        produced += chunk.length;
        if (produced > entry.size)
          throw new PayloadTooLarge(workbookMessages.unpacksMoreThanDeclared(name));
        yield decoder.write(chunk);
      }
    } catch (err) {
      if (err instanceof PayloadTooLarge) throw err;
      throw damaged(name, "cannot be unpacked");
    } finally {
      raw.destroy();
      source.destroy();
    }
    if (produced !== entry.size) throw damaged(name, "is shorter than it declares");
    const rest = decoder.end();
    if (rest) yield rest;
  }

  private async dataStart(entry: ZipEntry): Promise<number> {
    const file = await open(this.path, "r");
    try {
      const local = await read(file, entry.localHeaderOffset, 30);
      if (local.length < 30 || local.readUInt32LE(0) !== LOCAL)
        throw damaged(entry.name, "has no valid header");
      const start = entry.localHeaderOffset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
      if (start + entry.compressedSize > Math.min(this.centralStart, this.fileSize))
        throw new BadRequest(workbookMessages.truncated);
      return start;
    } finally {
      await file.close();
    }
  }
}

async function read(file: FileHandle, position: number, length: number): Promise<Buffer> {
  const buf = Buffer.alloc(length);
  const { bytesRead } = await file.read(buf, 0, length, position);
  return buf.subarray(0, bytesRead);
}

/** Locates the central directory through the end record (and its zip64 form). */
async function centralDirectory(
  file: FileHandle,
  size: number,
): Promise<{ start: number; length: number; count: number }> {
  // The end record is 22 bytes plus a comment of at most 65535 bytes.
  const tailStart = Math.max(0, size - 22 - 0xffff);
  const tail = await read(file, tailStart, size - tailStart);
  let at = -1;
  for (let p = tail.length - 22; p >= 0; p--) {
    if (tail.readUInt32LE(p) === EOCD) {
      at = p;
      break;
    }
  }
  if (at < 0) throw new BadRequest(workbookMessages.truncated);
  let count = tail.readUInt16LE(at + 10);
  let length = tail.readUInt32LE(at + 12);
  let start = tail.readUInt32LE(at + 16);
  if (start === 0xffffffff || count === 0xffff) {
    const loc = at - 20;
    if (loc < 0 || tail.readUInt32LE(loc) !== ZIP64_LOCATOR)
      throw new BadRequest(workbookMessages.truncated);
    const recordAt = Number(tail.readBigUInt64LE(loc + 8));
    const record = await read(file, recordAt, 56);
    if (record.length < 56 || record.readUInt32LE(0) !== ZIP64_EOCD)
      throw new BadRequest(workbookMessages.truncated);
    count = Number(record.readBigUInt64LE(32));
    length = Number(record.readBigUInt64LE(40));
    start = Number(record.readBigUInt64LE(48));
  }
  if (count > MAX_ENTRIES) throw new BadRequest(workbookMessages.notXlsx);
  if (start + length > size) throw new BadRequest(workbookMessages.truncated);
  return { start, length, count };
}
