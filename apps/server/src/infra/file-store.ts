import { createHash } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { dirname, join, normalize } from "node:path";

/** Where generated and uploaded files live; a local folder now, S3-compatible later. */
export interface FileStore {
  put(key: string, data: Buffer): Promise<{ size: number; sha256: string }>;
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

  get(key: string) {
    return readFile(this.path(key));
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
    if (!f) throw new Error(`No file ${key}`);
    return f;
  }
  async delete(key: string) {
    this.files.delete(key);
  }
}
