import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, renameSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, sep } from "node:path";
import { backupStore } from "@metabuild/db";
import { storeOf } from "../config.ts";
import {
  CliError,
  type Command,
  fileProblem,
  parseCommandArgs,
  storeCall,
  withStore,
} from "./io.ts";
import { TarWriter } from "./tar.ts";

const USAGE = "metabuild backup FILE";

/**
 * The archive's layout (docs/operations.md): the store (its entry named by
 * packages/db's `backupStore`), the generated files, then the manifest.
 */
export const FILES_ENTRY = "files";
export const MANIFEST_ENTRY = "manifest.json";

export interface Manifest {
  format: "metabuild-backup";
  version: 1;
  created: string;
  entries: { path: string; size: number; sha256: string }[];
}

/** Every regular file under `root`, as paths relative to it ("/"-separated); none when it is missing. */
function filesUnder(root: string): string[] {
  let names: string[];
  try {
    names = readdirSync(root, { recursive: true }) as string[];
  } catch {
    return [];
  }
  return names
    .filter((name) => !name.endsWith(".tmp")) // a file store write still under way
    .filter((name) => {
      try {
        return statSync(join(root, name)).isFile();
      } catch {
        return false; // deleted meanwhile
      }
    })
    .map((name) => name.split(sep).join("/"))
    .sort();
}

/**
 * `metabuild backup FILE`: a consistent online copy of the store
 * (`backupStore`: docs/stores.md "The CLI on PostgreSQL") and the generated
 * files, in one tar archive.
 * Safe while a server runs.
 */
export const backupCommand: Command = async (args, io, env) => {
  const { positionals } = parseCommandArgs(args, {}, USAGE, true);
  if (positionals.length !== 1) throw new CliError(`usage: ${USAGE}`, 2);
  const file = positionals[0] as string;
  const scratch = mkdtempSync(join(tmpdir(), "metabuild-backup-"));
  const partial = `${file}.partial`;
  try {
    const { dataDir, entry, snapshot } = await withStore(env, async ({ db, config }) => {
      const { entry, file: snapshot } = await storeCall(() =>
        backupStore(db, storeOf(config), scratch),
      );
      return { dataDir: config.dataDir, entry, snapshot };
    });
    let archive: TarWriter;
    try {
      archive = new TarWriter(partial);
    } catch (err) {
      throw new CliError(`Cannot write ${file}: ${fileProblem(err, true)}`);
    }
    const entries: Manifest["entries"] = [];
    const add = (path: string, source: string) => {
      const hash = createHash("sha256");
      const size = archive.addFile(path, source, (chunk) => hash.update(chunk));
      entries.push({ path, size, sha256: hash.digest("hex") });
    };
    add(entry, snapshot);
    // Taken after the store: a file the copy names exists unless it was deleted meanwhile.
    const filesDir = join(dataDir, FILES_ENTRY);
    for (const name of filesUnder(filesDir)) {
      try {
        add(`${FILES_ENTRY}/${name}`, join(filesDir, name));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
      }
    }
    const manifest: Manifest = {
      format: "metabuild-backup",
      version: 1,
      created: new Date().toISOString(),
      entries,
    };
    archive.addBuffer(MANIFEST_ENTRY, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));
    archive.close();
    renameSync(partial, file);
    const kb = Math.ceil((entries[0]?.size ?? 0) / 1024);
    const files = entries.length - 1;
    io.out(
      `Backed up the store (${kb} KB) and ${files} file${files === 1 ? "" : "s"} to ${file}\n`,
    );
    return 0;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
    rmSync(partial, { force: true });
  }
};
