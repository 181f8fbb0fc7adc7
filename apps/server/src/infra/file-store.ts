import { createHash } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { dirname, join, normalize } from "node:path";

/**
 * A file the store records but this process's file store does not hold: its
 * data folder is not the one of the process that wrote it (docs/scale-out.md
 * "Archives and files"). The key is kept out of the message: it is a path.
 */
export class StoredFileMissing extends Error {
  constructor(readonly key: string) {
    super("the stored file is not in this process's data folder (docs/scale-out.md)");
  }
}

/** Where generated and uploaded files live; a local folder now, S3-compatible later. */
export interface FileStore {
  put(key: string, data: Buffer): Promise<{ size: number; sha256: string }>;
  /** The file's bytes; StoredFileMissing when there is none under `key`. */
  get(key: string): Promise<Buffer>;
  delete(key: string): Promise<void>;
}

export class LocalFileStore implements FileStore {
  constructor(private readonly root: string) {}

  private path(key: string): string {
    const clean = normalize(key).replace(/^(\.\.(\/|\\|$))+/, "");
    if (clean.startsWith("/") || clean.includes("..")) throw new Error(`Invalid file key ${key}`);
    return join(this.root, clean);
  }

  async put(key: string, data: Buffer) {
    const target = this.path(key);
    await mkdir(dirname(target), { recursive: true });
    // Write then rename, so a reader never sees half a file.
    const tmp = `${target}.${process.pid}.tmp`;
    await writeFile(tmp, data);
    await rename(tmp, target);
    return { size: data.length, sha256: createHash("sha256").update(data).digest("hex") };
  }

  async get(key: string) {
    try {
      return await readFile(this.path(key));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") throw new StoredFileMissing(key);
      throw err;
    }
  }

  async delete(key: string) {
    await rm(this.path(key), { force: true });
  }
}

/** An in-memory store for tests. */
export class MemoryFileStore implements FileStore {
  readonly files = new Map<string, Buffer>();
  async put(key: string, data: Buffer) {
    this.files.set(key, Buffer.from(data));
    return { size: data.length, sha256: createHash("sha256").update(data).digest("hex") };
  }
  async get(key: string) {
    const f = this.files.get(key);
    if (!f) throw new StoredFileMissing(key);
    return f;
  }
  async delete(key: string) {
    this.files.delete(key);
  }
}
