import { type Command, parseCommandArgs, withStore } from "./io.ts";

/** `metabuild migrate`: opening the store applies pending migrations. */
export const migrateCommand: Command = async (args, io, env) => {
  parseCommandArgs(args, {}, "metabuild migrate");
  return withStore(env, ({ config }) => {
    io.out(`Store is up to date: ${config.databaseFile}\n`);
    return 0;
  });
};
