import { agentsAddCommand } from "./agents-add.ts";
import { backupCommand } from "./backup.ts";
import { exportCommand } from "./export.ts";
import { asksForHelp, commandHelp, programHelp } from "./help.ts";
import { importCommand } from "./import.ts";
import { type CliIo, type Command, type Env, runCommand } from "./io.ts";
import { migrateCommand } from "./migrate.ts";
import { restoreCommand } from "./restore.ts";
import { serveCommand } from "./serve.ts";
import { usersAddCommand } from "./users-add.ts";
import { usersGrantCommand } from "./users-grant.ts";

/** Answers `--help` with the command's text (on standard output, exit 0), else runs it. */
function helped(name: string, command: Command): Command {
  return async (args, io, env) => {
    if (asksForHelp(args)) {
      io.out(`${commandHelp[name]}\n`);
      return 0;
    }
    return command(args, io, env);
  };
}

/** A command with subcommands (`users add`, `users grant`). */
function group(name: string, subcommands: Record<string, Command>): Command {
  return async (args, io, env) => {
    const [sub, ...rest] = args;
    const command = sub ? subcommands[sub] : undefined;
    if (command) return helped(`${name} ${sub}`, command)(rest, io, env);
    if (sub === "--help" || sub === "-h") {
      io.out(`${commandHelp[name]}\n`);
      return 0;
    }
    io.err(`${commandHelp[name]}\n`);
    return 2;
  };
}

/** `metabuild <command>`: see docs/operations.md. Each command lives in its own file. */
export const commands: Record<string, Command> = {
  serve: helped("serve", serveCommand),
  migrate: helped("migrate", migrateCommand),
  import: helped("import", importCommand),
  export: helped("export", exportCommand),
  backup: helped("backup", backupCommand),
  restore: helped("restore", restoreCommand),
  users: group("users", { add: usersAddCommand, grant: usersGrantCommand }),
  agents: group("agents", { add: agentsAddCommand }),
};

/** Runs `metabuild ARGV…`; resolves to the exit code. */
export async function runProgram(argv: string[], io: CliIo, env: Env): Promise<number> {
  const [name, ...rest] = argv;
  if (name === "--help" || name === "-h" || name === "help") {
    io.out(`${programHelp}\n`);
    return 0;
  }
  const command = name ? commands[name] : undefined;
  if (!command) {
    io.err(`${name ? `unknown command '${name}'\n` : ""}${programHelp}\n`);
    return 2;
  }
  return runCommand(command, rest, io, env);
}
