import { PassThrough } from "node:stream";
import yauzl from "yauzl";
import yazl from "yazl";

export interface ArchiveEntry {
  path: string;
  data: Uint8Array;
}

// DOS timestamps are local time: build the date from local parts so every
// time zone writes the same bytes. 1980-01-01 is the earliest DOS date.
const FIXED_MTIME = new Date(1980, 0, 1, 0, 0, 0);

/**
 * A zip whose bytes depend only on its entries: sorted paths, a fixed
 * timestamp and mode, no extra fields. Duplicate paths are refused.
 */
export function writeArchive(entries: readonly ArchiveEntry[]): Promise<Buffer> {
  const sorted = [...entries].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  for (let i = 1; i < sorted.length; i++)
    if (sorted[i].path === sorted[i - 1].path)
      throw new Error(`two files on the path '${sorted[i].path}'`);
  const zip = new yazl.ZipFile();
  for (const e of sorted) {
    zip.addBuffer(Buffer.from(e.data.buffer, e.data.byteOffset, e.data.byteLength), e.path, {
      mtime: FIXED_MTIME,
      mode: 0o100644,
      forceDosTimestamp: true,
    } as yazl.Options);
  }
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const out = zip.outputStream.pipe(new PassThrough());
    out.on("data", (c: Buffer) => chunks.push(c));
    out.on("end", () => resolve(Buffer.concat(chunks)));
    out.on("error", reject);
    zip.outputStream.on("error", reject);
  });
}

function openZip(buffer: Buffer): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (err, zip) =>
      err || !zip ? reject(err ?? new Error("not a zip")) : resolve(zip),
    ),
  );
}

function entryData(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    zip.openReadStream(entry, (err, stream) => {
      if (err || !stream) return reject(err ?? new Error("unreadable entry"));
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => resolve(Buffer.concat(chunks)));
      stream.on("error", reject);
    }),
  );
}

/** The files of an archive, or only those `wanted` returns true for. */
export async function readArchive(
  buffer: Buffer,
  wanted: (path: string) => boolean = () => true,
): Promise<Map<string, Buffer>> {
  const zip = await openZip(buffer);
  const files = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    zip.on("entry", (entry: yauzl.Entry) => {
      if (entry.fileName.endsWith("/") || !wanted(entry.fileName)) return zip.readEntry();
      entryData(zip, entry).then((data) => {
        files.set(entry.fileName, data);
        zip.readEntry();
      }, reject);
    });
    zip.on("end", () => resolve());
    zip.on("error", reject);
    zip.readEntry();
  });
  zip.close();
  return files;
}

/** One file of an archive, or undefined. */
export async function readArchiveFile(buffer: Buffer, path: string): Promise<Buffer | undefined> {
  return (await readArchive(buffer, (p) => p === path)).get(path);
}
