import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { PostgresToolError, postgresUse, redactDatabaseUrl, restorePostgres } from "@metabuild/db";
import type { Config } from "../config.ts";
import { forgetServerLease } from "../infra/server-lease.ts";
import { FILES_ENTRY, PG_STORE_ENTRY, STORE_ENTRY } from "./backup.ts";
import { CliError, type CliIo, type Env, withStore } from "./io.ts";
import { IGNORED, move, unpack } from "./restore.ts";

/**
 * `metabuild restore` on PostgreSQL (docs/stores.md "Backup and restore"):
 * the archive's `pg_dump` goes back with `pg_restore` in one transaction,
 * its files into METABUILD_DATA_DIR. Nobody else may be connected to the
 * database (servers are stopped first, as on SQLite).
 */
export async function restorePostgresStore(
  config: Config,
  file: string,
  force: boolean,
  io: CliIo,
  env: Env,
): Promise<number> {
  const url = config.postgresUrl;
  const shown = redactDatabaseUrl(url);
  let use: Awaited<ReturnType<typeof postgresUse>>;
  try {
    use = await postgresUse(url);
  } catch (err) {
    throw new CliError(`Cannot open the PostgreSQL store ${shown}: ${(err as Error).message}`);
  }
  const filesInUse = readdirSync(config.dataDir).some((name) => !IGNORED.has(name));
  if ((use.holdsTables || filesInUse) && !force)
    throw new CliError(
      `${use.holdsTables ? shown : config.dataDir} is not empty; restore with --force to replace its store and files`,
    );
  // A command that just ended may still be closing its connection: look again for up to 2 s
  // before taking another session for a running server.
  for (let tries = 0; use.otherSessions > 0 && tries < 10; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    use = await postgresUse(url);
  }
  // Dropping the tables under a running server would fail its requests or lose its writes.
  if (use.otherSessions > 0)
    throw new CliError(
      `${use.otherSessions} other connection${use.otherSessions === 1 ? "" : "s"} use${use.otherSessions === 1 ? "s" : ""} ${shown} (a metabuild server?); stop them before restoring`,
    );
  const staging = mkdtempSync(join(config.dataDir, ".restore-"));
  try {
    const manifest = unpack(file, staging);
    if (existsSync(join(staging, STORE_ENTRY)))
      throw new CliError(
        `${file} holds a SQLite store (${STORE_ENTRY}): restore it with DATABASE_URL unset or a SQLite file`,
      );
    try {
      await restorePostgres(url, join(staging, PG_STORE_ENTRY));
    } catch (err) {
      if (err instanceof PostgresToolError) throw new CliError(err.message);
      throw err;
    }
    rmSync(join(config.dataDir, FILES_ENTRY), { recursive: true, force: true });
    if (existsSync(join(staging, FILES_ENTRY)))
      move(join(staging, FILES_ENTRY), join(config.dataDir, FILES_ENTRY));
    // Opening applies the migrations a newer metabuild has since added; the dump's lease is no server's.
    await withStore(env, ({ db }) => forgetServerLease(db));
    const files = manifest.entries.length - 1;
    io.out(
      `Restored the store and ${files} file${files === 1 ? "" : "s"} of ${manifest.created} into ${shown} and ${config.dataDir}\n`,
    );
    return 0;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}
