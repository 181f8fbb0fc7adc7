import { createHash } from "node:crypto";
import yauzl from "yauzl";

/** One file of a build archive, as it will be deployed. */
export interface ArchiveFile {
  /** Relative path inside the archive, `/`-separated. */
  path: string;
  data: Buffer;
}

/** The archive does not match what the server recorded: nothing may run. */
export class ArchiveRejected extends Error {}

export const MANIFEST = "manifest.json";

/** Refuse archives that unpack to more than this (a zip bomb must not fill the disk). */
const MAX_UNPACKED_BYTES = 1024 * 1024 * 1024;

export function sha256(data: Buffer): string {
  return createHash("sha256").update(data).digest("hex");
}

/**
 * Checks the archive against the sha256 the server recorded when the build
 * stored it, unpacks it in memory and checks every file against
 * manifest.json (same set of files, same sha256). Throws ArchiveRejected on
 * any mismatch, before anything is written or run.
 */
export async function openVerifiedArchive(
  bytes: Buffer,
  expectedSha256: string,
): Promise<ArchiveFile[]> {
  const actual = sha256(bytes);
  if (actual !== expectedSha256.toLowerCase())
    throw new ArchiveRejected(
      `Archive refused: its sha256 is ${actual}, but the server recorded ${expectedSha256}`,
    );
  let files: ArchiveFile[];
  try {
    files = await unzip(bytes);
  } catch (err) {
    throw new ArchiveRejected(`Archive refused: it is not a readable zip (${message(err)})`);
  }
  const manifestFile = files.find((f) => f.path === MANIFEST);
  if (!manifestFile) throw new ArchiveRejected(`Archive refused: it has no ${MANIFEST}`);
  const expected = parseManifest(manifestFile.data);
  const present = new Map(files.filter((f) => f.path !== MANIFEST).map((f) => [f.path, f]));
  for (const [path, hash] of expected) {
    const file = present.get(path);
    if (!file) throw new ArchiveRejected(`Archive refused: ${path} is in ${MANIFEST} but missing`);
    if (sha256(file.data) !== hash)
      throw new ArchiveRejected(
        `Archive refused: ${path} does not match its sha256 in ${MANIFEST}`,
      );
  }
  for (const path of present.keys())
    if (!expected.has(path))
      throw new ArchiveRejected(`Archive refused: ${path} is not listed in ${MANIFEST}`);
  return files;
}

/**
 * manifest.json lists each rendered file with its sha256: `{ "files": [{ "path",
 * "sha256", ... }] }`. Returns path → sha256.
 */
export function parseManifest(data: Buffer): Map<string, string> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(data.toString("utf8"));
  } catch {
    throw new ArchiveRejected(`Archive refused: ${MANIFEST} is not valid JSON`);
  }
  const files = (parsed as { files?: unknown })?.files;
  if (!Array.isArray(files))
    throw new ArchiveRejected(`Archive refused: ${MANIFEST} has no "files" list`);
  const out = new Map<string, string>();
  for (const entry of files) {
    const { path, sha256: hash } = (entry ?? {}) as { path?: unknown; sha256?: unknown };
    if (typeof path !== "string" || typeof hash !== "string" || !/^[0-9a-f]{64}$/i.test(hash))
      throw new ArchiveRejected(
        `Archive refused: ${MANIFEST} has an entry without path and sha256`,
      );
    out.set(path, hash.toLowerCase());
  }
  return out;
}

/** A relative path that stays inside the folder it is unpacked to. */
export function isSafeRelativePath(path: string): boolean {
  if (path === "" || path.startsWith("/") || path.includes("\\") || /^[a-zA-Z]:/.test(path))
    return false;
  return path.split("/").every((seg) => seg !== ".." && seg !== "." && seg !== "");
}

function message(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** Every file entry of a zip held in memory (directory entries are implied by paths). */
function unzip(bytes: Buffer): Promise<ArchiveFile[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true, validateEntrySizes: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error("cannot open"));
      const files: ArchiveFile[] = [];
      let total = 0;
      zip.on("error", reject);
      zip.on("end", () => resolve(files));
      zip.on("entry", (entry: yauzl.Entry) => {
        if (entry.fileName.endsWith("/")) return zip.readEntry();
        if (!isSafeRelativePath(entry.fileName))
          return reject(new Error(`unsafe path ${entry.fileName}`));
        total += entry.uncompressedSize;
        if (total > MAX_UNPACKED_BYTES) return reject(new Error("it unpacks to more than 1 GiB"));
        zip.openReadStream(entry, (streamErr, stream) => {
          if (streamErr || !stream) return reject(streamErr ?? new Error("cannot read entry"));
          const chunks: Buffer[] = [];
          stream.on("data", (c: Buffer) => chunks.push(c));
          stream.on("error", reject);
          stream.on("end", () => {
            files.push({ path: entry.fileName, data: Buffer.concat(chunks) });
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}
