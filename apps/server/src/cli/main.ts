import { agentsAddCommand } from "./agents-add.ts";
import { exportCommand } from "./export.ts";
import { importCommand } from "./import.ts";
import { type Command, consoleIo, runCommand } from "./io.ts";
import { migrateCommand } from "./migrate.ts";
import { serveCommand } from "./serve.ts";
import { usersAddCommand } from "./users-add.ts";
import { usersGrantCommand } from "./users-grant.ts";
import { versionInfo } from "../infra/version.ts";

/** A command with subcommands (`users add`, `users grant`). */
function group(name: string, subcommands: Record<string, Command>): Command {
  return async (args, io, env) => {
    const [sub, ...rest] = args;
    const command = sub ? subcommands[sub] : undefined;
    if (!command) {
      io.err(`usage: metabuild ${name} <${Object.keys(subcommands).join("|")}> …\n`);
      return 2;
    }
    return command(rest, io, env);
  };
}

/** `metabuild <command>`: see bundle.md. Each command lives in its own file. */
export const commands: Record<string, Command> = {
  serve: serveCommand,
  migrate: migrateCommand,
  import: importCommand,
  export: exportCommand,
  users: group("users", { add: usersAddCommand, grant: usersGrantCommand }),
  agents: group("agents", { add: agentsAddCommand }),
};

export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === "--version") {
    const { version, commit } = versionInfo();
    console.log(`metabuild ${version} (commit ${commit})`);
    return 0;
  }
  const command = name ? commands[name] : undefined;
  if (!command) {
    console.error(`usage: metabuild <${Object.keys(commands).join("|")}> …`);
    return 2;
  }
  return runCommand(command, rest, consoleIo, process.env);
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
