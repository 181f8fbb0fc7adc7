import { createHash } from "node:crypto";
import {
  closeSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from "node:fs";
import { dirname, join } from "node:path";
import { STORE_ARCHIVE_ENTRIES, restoreTarget } from "@metabuild/db";
import { loadConfig, storeOf } from "../config.ts";
import { describeHolder, forgetServerLease, runningServerOf } from "../infra/server-lease.ts";
import { FILES_ENTRY, MANIFEST_ENTRY, type Manifest } from "./backup.ts";
import {
  CliError,
  type Command,
  fileProblem,
  parseCommandArgs,
  storeCall,
  withStore,
} from "./io.ts";
import { readTar } from "./tar.ts";

const USAGE = "metabuild restore [--force] FILE";

/** Made by loadConfig itself, so it does not make a data folder "in use". */
export const IGNORED = new Set(["jwt-secret"]);

const allowedPath = (path: string) =>
  STORE_ARCHIVE_ENTRIES.includes(path) ||
  path === MANIFEST_ENTRY ||
  (path.startsWith(`${FILES_ENTRY}/`) && !path.split("/").some((p) => p === ".." || p === ""));

/** Unpacks the archive into `staging`, checking every entry against the manifest's sha256. */
export function unpack(file: string, staging: string): Manifest {
  const found = new Map<string, { size: number; sha256: string }>();
  let manifestText = "";
  try {
    readTar(file, (path, size) => {
      if (!allowedPath(path)) throw new Error(`unexpected entry ${path}`);
      if (path === MANIFEST_ENTRY) {
        const parts: Buffer[] = [];
        return (chunk) => {
          if (chunk) parts.push(Buffer.from(chunk));
          else manifestText = Buffer.concat(parts).toString("utf8");
        };
      }
      const target = join(staging, path);
      mkdirSync(dirname(target), { recursive: true });
      const fd = openSync(target, "w", 0o600);
      const hash = createHash("sha256");
      return (chunk) => {
        if (chunk) {
          hash.update(chunk);
          writeSync(fd, chunk);
        } else {
          closeSync(fd);
          found.set(path, { size, sha256: hash.digest("hex") });
        }
      };
    });
  } catch (err) {
    if (err instanceof CliError) throw err;
    if ((err as NodeJS.ErrnoException).path === file)
      throw new CliError(`Cannot read ${file}: ${fileProblem(err)}`);
    throw new CliError(`${file} is not a metabuild backup (${(err as Error).message})`);
  }
  let manifest: Manifest;
  try {
    manifest = JSON.parse(manifestText) as Manifest;
  } catch {
    throw new CliError(`${file} is not a metabuild backup (no manifest)`);
  }
  if (manifest.format !== "metabuild-backup" || manifest.version !== 1)
    throw new CliError(`${file} is not a metabuild backup of version 1`);
  for (const entry of manifest.entries) {
    const got = found.get(entry.path);
    if (!got) throw new CliError(`The archive is damaged: ${entry.path} is missing`);
    if (got.sha256 !== entry.sha256 || got.size !== entry.size)
      throw new CliError(`The archive is damaged: ${entry.path} does not match its sha256`);
  }
  if (!manifest.entries.some((e) => STORE_ARCHIVE_ENTRIES.includes(e.path)))
    throw new CliError("The archive is damaged: it holds no store");
  const extra = [...found.keys()].find((p) => !manifest.entries.some((e) => e.path === p));
  if (extra) throw new CliError(`The archive is damaged: ${extra} is not in its manifest`);
  return manifest;
}

/** Moves a file or folder, copying when it crosses file systems (DATABASE_URL elsewhere). */
export function move(from: string, to: string) {
  mkdirSync(dirname(to), { recursive: true });
  try {
    renameSync(from, to);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EXDEV") throw err;
    copyFileSync(from, to);
  }
}

/**
 * `metabuild restore [--force] FILE`: rebuilds the data folder from a backup,
 * after checking every sha256. The server must be stopped (docs/operations.md).
 */
export const restoreCommand: Command = async (args, io, env) => {
  const { values, positionals } = parseCommandArgs(
    args,
    { force: { type: "boolean" } },
    USAGE,
    true,
  );
  if (positionals.length !== 1) throw new CliError(`usage: ${USAGE}`, 2);
  const file = positionals[0] as string;
  try {
    if (statSync(file).isDirectory()) throw Object.assign(new Error(), { code: "EISDIR" });
  } catch (err) {
    throw new CliError(`Cannot read ${file}: ${fileProblem(err)}`);
  }
  const config = loadConfig(env);
  const target = await storeCall(() => restoreTarget(storeOf(config)));
  const filesInUse = readdirSync(config.dataDir).some((name) => !IGNORED.has(name));
  if ((target.holdsData || filesInUse) && !values.force)
    throw new CliError(
      `${target.holdsData ? (target.shown ?? config.dataDir) : config.dataDir} is not empty; restore with --force to replace its store and files`,
    );
  // Replacing the store under a running server would lose its writes or corrupt the store.
  if (target.oneServer) {
    const server = await runningServerOf(
      config.databaseFile,
      config.serverLeaseStaleSeconds * 1000,
    );
    if (server)
      throw new CliError(
        `A metabuild server uses this store (${describeHolder(server)}); stop it before restoring`,
      );
  }
  // A command that just ended may still be closing its connection: look again for up to 2 s.
  let others = await storeCall(() => target.otherConnections());
  for (let tries = 0; others > 0 && tries < 10; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    others = await storeCall(() => target.otherConnections());
  }
  if (others > 0)
    throw new CliError(
      `${others} other connection${others === 1 ? "" : "s"} use${others === 1 ? "s" : ""} ${target.shown} (a metabuild server?); stop them before restoring`,
    );
  const staging = mkdtempSync(join(config.dataDir, ".restore-"));
  try {
    const manifest = unpack(file, staging);
    await storeCall(() => target.restore(staging, file));
    rmSync(join(config.dataDir, FILES_ENTRY), { recursive: true, force: true });
    if (existsSync(join(staging, FILES_ENTRY)))
      move(join(staging, FILES_ENTRY), join(config.dataDir, FILES_ENTRY));
    // Opening applies the migrations a newer metabuild has since added. A backup taken
    // while its server ran holds that server's lease: nobody serves the restored store yet.
    await withStore(env, ({ db }) => forgetServerLease(db));
    const files = manifest.entries.length - 1;
    io.out(
      `Restored the store and ${files} file${files === 1 ? "" : "s"} of ${manifest.created} into ${target.shown ? `${target.shown} and ` : ""}${config.dataDir}\n`,
    );
    return 0;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
};
