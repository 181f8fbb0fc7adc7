import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, renameSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, sep } from "node:path";
import { PostgresToolError, backupDatabase, dumpPostgres } from "@metabuild/db";
import { CliError, type Command, fileProblem, parseCommandArgs, withStore } from "./io.ts";
import { TarWriter } from "./tar.ts";

const USAGE = "metabuild backup FILE";

/** The archive's layout (docs/operations.md): the store, the generated files, then the manifest. */
export const STORE_ENTRY = "metabuild.db";
/** A PostgreSQL store's entry instead: `pg_dump -Fc` of its database (docs/stores.md "Backup and restore"). */
export const PG_STORE_ENTRY = "metabuild.pgdump";
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
 * `metabuild backup FILE`: a consistent online copy of the store (SQLite's
 * backup API, never a file copy, which misses what is still in the WAL;
 * `pg_dump` on PostgreSQL) and the generated files, in one tar archive.
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
      if (config.storeKind === "postgres") {
        const snapshot = join(scratch, PG_STORE_ENTRY);
        try {
          await dumpPostgres(config.postgresUrl, snapshot);
        } catch (err) {
          if (err instanceof PostgresToolError) throw new CliError(err.message);
          throw err;
        }
        return { dataDir: config.dataDir, entry: PG_STORE_ENTRY, snapshot };
      }
      if (config.databaseFile === ":memory:")
        throw new CliError("An in-memory store has no backup");
      const snapshot = join(scratch, STORE_ENTRY);
      await backupDatabase(db, snapshot);
      return { dataDir: config.dataDir, entry: STORE_ENTRY, snapshot };
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
