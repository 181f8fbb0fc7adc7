import { describeStore, migrateStore } from "@metabuild/db";
import { loadConfig, storeOf } from "../config.ts";
import { type Command, parseCommandArgs, storeCall } from "./io.ts";

/**
 * `metabuild migrate`: applies pending migrations, naming each the store
 * names (PostgreSQL, under the lock that lets several processes start
 * together: docs/stores.md "Migrations").
 */
export const migrateCommand: Command = async (args, io, env) => {
  parseCommandArgs(args, {}, "metabuild migrate");
  const store = storeOf(loadConfig(env));
  const applied = await storeCall(() => migrateStore(store));
  for (const name of applied) io.out(`Applied migration ${name}\n`);
  io.out(`Store is up to date: ${describeStore(store)}\n`);
  return 0;
};
