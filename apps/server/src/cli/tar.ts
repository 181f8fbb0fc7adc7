import { closeSync, fstatSync, openSync, readSync, writeSync } from "node:fs";

/**
 * A minimal ustar writer and reader for backup archives (docs/operations.md):
 * regular files only, copied in chunks so a large store never sits in memory.
 * Standard `tar` can list and extract what this writes.
 */
const BLOCK = 512;
const CHUNK = 1 << 20;

function field(buf: Buffer, offset: number, length: number, value: string) {
  buf.write(value, offset, length, "utf8");
}

function octal(buf: Buffer, offset: number, length: number, value: number) {
  field(buf, offset, length, `${value.toString(8).padStart(length - 1, "0")}\0`);
}

/** Splits a long path into ustar's prefix (155) and name (100) at a "/". */
function splitName(path: string): [string, string] {
  if (Buffer.byteLength(path) <= 100) return ["", path];
  for (let i = path.indexOf("/"); i !== -1; i = path.indexOf("/", i + 1)) {
    const prefix = path.slice(0, i);
    const name = path.slice(i + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(name) <= 100) return [prefix, name];
  }
  throw new Error(`path too long for the archive: ${path}`);
}

function header(path: string, size: number, mtime: Date): Buffer {
  const buf = Buffer.alloc(BLOCK);
  const [prefix, name] = splitName(path);
  field(buf, 0, 100, name);
  octal(buf, 100, 8, 0o644);
  octal(buf, 108, 8, 0);
  octal(buf, 116, 8, 0);
  octal(buf, 124, 12, size);
  octal(buf, 136, 12, Math.floor(mtime.getTime() / 1000));
  field(buf, 148, 8, "        ");
  field(buf, 156, 1, "0");
  field(buf, 257, 6, "ustar\0");
  field(buf, 263, 2, "00");
  field(buf, 345, 155, prefix);
  let sum = 0;
  for (const byte of buf) sum += byte;
  field(buf, 148, 8, `${sum.toString(8).padStart(6, "0")}\0 `);
  return buf;
}

export class TarWriter {
  private readonly fd: number;

  constructor(file: string) {
    this.fd = openSync(file, "w", 0o600);
  }

  /** Adds the file at `source` as `path`; `onChunk` sees its bytes (for a checksum). */
  addFile(path: string, source: string, onChunk: (chunk: Buffer) => void): number {
    const from = openSync(source, "r");
    try {
      const { size, mtime } = fstatSync(from);
      writeSync(this.fd, header(path, size, mtime));
      const chunk = Buffer.alloc(CHUNK);
      let left = size;
      while (left > 0) {
        const n = readSync(from, chunk, 0, Math.min(CHUNK, left), null);
        if (n === 0) throw new Error(`${source} shrank while being archived`);
        onChunk(chunk.subarray(0, n));
        writeSync(this.fd, chunk, 0, n);
        left -= n;
      }
      this.pad(size);
      return size;
    } finally {
      closeSync(from);
    }
  }

  addBuffer(path: string, data: Buffer): void {
    writeSync(this.fd, header(path, data.length, new Date()));
    writeSync(this.fd, data);
    this.pad(data.length);
  }

  close(): void {
    writeSync(this.fd, Buffer.alloc(BLOCK * 2));
    closeSync(this.fd);
  }

  private pad(size: number) {
    const rest = size % BLOCK;
    if (rest) writeSync(this.fd, Buffer.alloc(BLOCK - rest));
  }
}

const text = (buf: Buffer, offset: number, length: number) =>
  buf.toString("utf8", offset, offset + length).replace(/\0.*$/s, "");

/**
 * Reads the archive's entries in order; `onEntry` gets each path and size and
 * returns a sink for its bytes (called chunk by chunk, then with `null`).
 */
export function readTar(
  file: string,
  onEntry: (path: string, size: number) => (chunk: Buffer | null) => void,
): void {
  const fd = openSync(file, "r");
  try {
    const head = Buffer.alloc(BLOCK);
    const chunk = Buffer.alloc(CHUNK);
    for (;;) {
      if (readSync(fd, head, 0, BLOCK, null) < BLOCK) throw new Error("the archive is cut short");
      if (head.every((b) => b === 0)) return;
      let sum = 0;
      for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : (head[i] as number);
      if (Number.parseInt(text(head, 148, 8).trim(), 8) !== sum)
        throw new Error("not a backup archive (bad tar header)");
      const prefix = text(head, 345, 155);
      const path = prefix ? `${prefix}/${text(head, 0, 100)}` : text(head, 0, 100);
      const size = Number.parseInt(text(head, 124, 12).trim(), 8);
      const sink = onEntry(path, size);
      let left = size + ((BLOCK - (size % BLOCK)) % BLOCK);
      let data = size;
      while (left > 0) {
        const n = readSync(fd, chunk, 0, Math.min(CHUNK, left), null);
        if (n === 0) throw new Error("the archive is cut short");
        const useful = Math.min(n, data);
        if (useful > 0) sink(chunk.subarray(0, useful));
        data -= useful;
        left -= n;
      }
      sink(null);
    }
  } finally {
    closeSync(fd);
  }
}
