import { closePostgres, migratePostgres, openPostgres, redactDatabaseUrl } from "@metabuild/db";
import { loadConfig } from "../config.ts";
import { type CliIo, CliError, type Command, parseCommandArgs, withStore } from "./io.ts";

/** `metabuild migrate`: opening the store applies pending migrations. */
export const migrateCommand: Command = async (args, io, env) => {
  parseCommandArgs(args, {}, "metabuild migrate");
  const config = loadConfig(env);
  if (config.storeKind === "postgres") return migratePostgresStore(config.postgresUrl, io);
  return withStore(env, ({ config }) => {
    io.out(`Store is up to date: ${config.databaseFile}\n`);
    return 0;
  });
};

/** On PostgreSQL: migrations-pg, under the lock that lets several processes start together (docs/stores.md). */
async function migratePostgresStore(url: string, io: CliIo): Promise<number> {
  const shown = redactDatabaseUrl(url);
  let applied: string[];
  try {
    const db = await openPostgres(url, { migrate: false, maxConnections: 1 });
    try {
      applied = await migratePostgres(db);
    } finally {
      await closePostgres(db);
    }
  } catch (err) {
    // pg's own texts name the host and the user, never the password.
    throw new CliError(`Cannot open the PostgreSQL store ${shown}: ${(err as Error).message}`);
  }
  for (const name of applied) io.out(`Applied migration ${name}\n`);
  io.out(`Store is up to date: ${shown}\n`);
  return 0;
}
