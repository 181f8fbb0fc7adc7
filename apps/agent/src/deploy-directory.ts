import { randomBytes } from "node:crypto";
import { mkdir, readdir, rename, rm, writeFile } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import type { ArchiveFile } from "./archive.ts";

type Log = (line: string) => void;

const INCOMING = ".incoming-";
const PREVIOUS = ".previous-";

/**
 * Unpacks `files` into `target` so that `target` is always either the old
 * content or the complete new one: everything is written to a hidden sibling
 * first, then the folders are swapped by two renames on the same file system.
 */
export async function deployDirectory(
  files: ArchiveFile[],
  target: string,
  log: Log,
  signal?: AbortSignal,
) {
  const parent = dirname(target);
  const name = basename(target);
  await mkdir(parent, { recursive: true });
  await removeLeftovers(parent, name);
  const suffix = randomBytes(4).toString("hex");
  const incoming = join(parent, `.${name}${INCOMING}${suffix}`);
  const previous = join(parent, `.${name}${PREVIOUS}${suffix}`);
  try {
    await mkdir(incoming);
    for (const file of files) {
      signal?.throwIfAborted();
      const path = join(incoming, ...file.path.split("/"));
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, file.data);
    }
  } catch (err) {
    await rm(incoming, { recursive: true, force: true });
    throw err;
  }
  if (signal?.aborted) {
    await rm(incoming, { recursive: true, force: true });
    signal.throwIfAborted();
  }
  log(`Unpacked ${files.length} files; switching ${target} to the new content`);
  let hadPrevious = true;
  try {
    await rename(target, previous);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") {
      await rm(incoming, { recursive: true, force: true });
      throw err;
    }
    hadPrevious = false;
  }
  try {
    await rename(incoming, target);
  } catch (err) {
    if (hadPrevious) await rename(previous, target);
    await rm(incoming, { recursive: true, force: true });
    throw err;
  }
  if (hadPrevious) await rm(previous, { recursive: true, force: true });
  log(`Deployed ${files.length} files to ${target}`);
}

/**
 * Hidden siblings a crashed earlier run of the same target left behind. If it
 * crashed between the two renames, the previous content comes back first.
 */
async function removeLeftovers(parent: string, name: string) {
  const entries = await readdir(parent);
  const leftover = (kind: string) => {
    const prefix = `.${name}${kind}`;
    return entries.filter(
      (e) => e.startsWith(prefix) && /^[0-9a-f]{8}$/.test(e.slice(prefix.length)),
    );
  };
  const previous = leftover(PREVIOUS);
  if (previous.length > 0 && !entries.includes(name))
    await rename(join(parent, previous.shift() as string), join(parent, name));
  for (const entry of [...leftover(INCOMING), ...previous])
    await rm(join(parent, entry), { recursive: true, force: true });
}
