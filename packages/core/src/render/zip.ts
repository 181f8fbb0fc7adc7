import { promisify } from "node:util";
import { crc32, deflateRaw, deflateRawSync } from "node:zlib";
import { nextTurn } from "../next-turn.ts";

const deflateRawAsync = promisify(deflateRaw);

/**
 * A deterministic zip writer. Entries are packed (deflated, checksummed) where
 * they are rendered, in the worker threads, and only concatenated here. yazl
 * was the first choice, but its pump scans every entry per entry written
 * (quadratic: ~3 s for 20,000 files) and it cannot take data deflated elsewhere.
 */

/** One file ready for the archive: its bytes as stored and what the headers need. */
export interface PackedFile {
  path: string;
  /** 0 stored, 8 deflated. */
  method: 0 | 8;
  crc32: number;
  /** Uncompressed size. */
  size: number;
  /** The bytes as they go into the archive (deflated when method is 8). */
  data: Uint8Array;
}

/** Below this size deflating costs more than it saves. */
const STORE_BELOW = 64;

function packed(path: string, content: Uint8Array, deflated: Buffer | undefined): PackedFile {
  const useDeflate = deflated !== undefined && deflated.byteLength < content.byteLength;
  return {
    path,
    method: useDeflate ? 8 : 0,
    crc32: crc32(content),
    size: content.byteLength,
    // A copy: small Buffers share Node's pool, which must never be handed to another thread.
    data: useDeflate ? new Uint8Array(deflated) : content,
  };
}

/** Deflates a file unless that does not make it smaller; same input, same bytes. */
export function packFile(path: string, content: Uint8Array): PackedFile {
  return packed(
    path,
    content,
    content.byteLength >= STORE_BELOW ? deflateRawSync(content) : undefined,
  );
}

/** A file kept as it is (method 0): for files compared, never archived. */
export function storeFile(path: string, content: Uint8Array): PackedFile {
  return packed(path, content, undefined);
}

/** packFile for a large file on the API thread: zlib works on its own thread meanwhile. */
export async function packLargeFile(path: string, content: Uint8Array): Promise<PackedFile> {
  return packed(
    path,
    content,
    content.byteLength >= STORE_BELOW ? await deflateRawAsync(content) : undefined,
  );
}

// Every entry carries 1980-01-01 00:00 (the earliest DOS date) and mode 0644.
const DOS_TIME = 0;
const DOS_DATE = (0 << 9) | (1 << 5) | 1;
const UNIX_FILE_0644 = (0o100644 << 16) >>> 0;
const UTF8_NAMES = 0x0800;
const VERSION_NEEDED = 20;
const VERSION_MADE_BY = (3 << 8) | 20;
const MAX32 = 0xffffffff;

function byPath(a: PackedFile, b: PackedFile): number {
  return a.path < b.path ? -1 : a.path > b.path ? 1 : 0;
}

/** Entries written between two turns of the event loop, so other requests are served meanwhile. */
const ENTRIES_PER_TURN = 2000;

/**
 * The zip of `files`, sorted by path, with fixed timestamps and modes and no
 * extra fields: the bytes depend on the files only. Duplicate paths are refused.
 */
export function writeZip(files: readonly PackedFile[]): Buffer {
  const steps = zipSteps(files);
  let step = steps.next();
  while (!step.done) step = steps.next();
  return step.value;
}

/** writeZip for large archives on the API thread: other requests are served between entries. */
export async function writeZipInTurns(files: readonly PackedFile[]): Promise<Buffer> {
  const steps = zipSteps(files);
  let step = steps.next();
  while (!step.done) {
    await nextTurn();
    step = steps.next();
  }
  return step.value;
}

/** Builds the zip, pausing (yield) every ENTRIES_PER_TURN entries. */
function* zipSteps(files: readonly PackedFile[]): Generator<void, Buffer> {
  const sorted = [...files].sort(byPath);
  for (let i = 1; i < sorted.length; i++)
    if (sorted[i].path === sorted[i - 1].path)
      throw new Error(`two files on the path '${sorted[i].path}'`);
  const parts: Uint8Array[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const [i, f] of sorted.entries()) {
    if (i > 0 && i % ENTRIES_PER_TURN === 0) yield;
    const name = Buffer.from(f.path, "utf8");
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(VERSION_NEEDED, 4);
    local.writeUInt16LE(UTF8_NAMES, 6);
    local.writeUInt16LE(f.method, 8);
    local.writeUInt16LE(DOS_TIME, 10);
    local.writeUInt16LE(DOS_DATE, 12);
    local.writeUInt32LE(f.crc32, 14);
    local.writeUInt32LE(f.data.byteLength, 18);
    local.writeUInt32LE(f.size, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(VERSION_MADE_BY, 4);
    entry.writeUInt16LE(VERSION_NEEDED, 6);
    entry.writeUInt16LE(UTF8_NAMES, 8);
    entry.writeUInt16LE(f.method, 10);
    entry.writeUInt16LE(DOS_TIME, 12);
    entry.writeUInt16LE(DOS_DATE, 14);
    entry.writeUInt32LE(f.crc32, 16);
    entry.writeUInt32LE(f.data.byteLength, 20);
    entry.writeUInt32LE(f.size, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(UNIX_FILE_0644, 38);
    entry.writeUInt32LE(offset, 42);
    central.push(entry, name);
    parts.push(local, name, f.data);
    offset += local.length + name.length + f.data.byteLength;
    if (offset >= MAX32) throw new Error("the archive would exceed 4 GiB");
  }
  const centralSize = central.reduce((n, b) => n + b.length, 0);
  if (offset + centralSize >= MAX32) throw new Error("the archive would exceed 4 GiB");
  const tail: Buffer[] = [];
  // More entries than the classic end record can count: add the zip64 records.
  if (sorted.length >= 0xffff) {
    const zip64 = Buffer.alloc(56);
    zip64.writeUInt32LE(0x06064b50, 0);
    zip64.writeBigUInt64LE(44n, 4);
    zip64.writeUInt16LE(VERSION_MADE_BY, 12);
    zip64.writeUInt16LE(45, 14);
    zip64.writeBigUInt64LE(BigInt(sorted.length), 24);
    zip64.writeBigUInt64LE(BigInt(sorted.length), 32);
    zip64.writeBigUInt64LE(BigInt(centralSize), 40);
    zip64.writeBigUInt64LE(BigInt(offset), 48);
    const locator = Buffer.alloc(20);
    locator.writeUInt32LE(0x07064b50, 0);
    locator.writeBigUInt64LE(BigInt(offset + centralSize), 8);
    locator.writeUInt32LE(1, 16);
    tail.push(zip64, locator);
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Math.min(sorted.length, 0xffff), 8);
  end.writeUInt16LE(Math.min(sorted.length, 0xffff), 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  tail.push(end);
  return Buffer.concat([...parts, ...central, ...tail]);
}
