import { type ParseArgsConfig, parseArgs } from "node:util";
import { AppError } from "@metabuild/core";
import { type Db, StoreToolError, closeStore } from "@metabuild/db";
import { type Config, loadConfig } from "../config.ts";
import { type Clock, systemClock } from "../infra/clock.ts";
import { askOnTerminal, readAllStdin, terminalProgress } from "./terminal.ts";
import { ListenError, openConfiguredStore } from "../server.ts";
import { InstanceWriter } from "../services/instances/writer.ts";

export type Env = Record<string, string | undefined>;

/** Where a command writes: the terminal, or a buffer in tests. */
export interface CliIo {
  out(text: string): void;
  err(text: string): void;
  /** Standard input, read to its end (absent: nothing to read). */
  readStdin?(): Promise<string>;
  /** Asks on the terminal without echoing the answer (absent: no terminal). */
  askSecret?(question: string): Promise<string>;
  /** How far a long step is (shown as a bar on a terminal; absent: not shown). */
  progress?(what: string, done: number, total: number): void;
}

export const consoleIo: CliIo = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  readStdin: readAllStdin,
  askSecret: process.stdin.isTTY ? askOnTerminal : undefined,
  progress: process.stderr.isTTY ? terminalProgress() : undefined,
};

/** A command of `metabuild`: its arguments after the name; resolves to the exit code. */
export type Command = (args: string[], io: CliIo, env: Env) => Promise<number>;

/** A mistake of the person at the terminal: printed as is, exit code 1 (2 for usage). */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

/** `node:util` parseArgs, with its errors turned into a usage message. */
export function parseCommandArgs<T extends NonNullable<ParseArgsConfig["options"]>>(
  args: string[],
  options: T,
  usage: string,
  allowPositionals = false,
) {
  try {
    return parseArgs({ args, options, allowPositionals, strict: true });
  } catch (err) {
    throw new CliError(`${(err as Error).message}\nusage: ${usage}`, 2);
  }
}

/** A file system error in words ("no such file"), without the errno jargon. */
export function fileProblem(err: unknown, writing = false): string {
  const e = err as NodeJS.ErrnoException;
  if (e.code === "ENOENT") return writing ? "no such directory" : "no such file";
  if (e.code === "EISDIR") return "it is a directory";
  if (e.code === "EACCES" || e.code === "EPERM") return "permission denied";
  return e.message;
}

/** Insists on an option being given. */
export function required<T>(value: T | undefined, option: string, usage: string): T {
  if (value === undefined || value === "")
    throw new CliError(`--${option} is required\nusage: ${usage}`, 2);
  return value;
}

export interface Store {
  config: Config;
  db: Db;
  clock: Clock;
  writer: InstanceWriter;
}

// One command's store: a lost idle connection is the command's own failure, not a log line.
const silentLogger = { info() {}, warn() {}, error() {} };

/** Opens the store the server would use (METABUILD_DATA_DIR, DATABASE_URL), migrated, for one command. */
export async function withStore<T>(env: Env, fn: (store: Store) => T | Promise<T>): Promise<T> {
  const config = loadConfig(env);
  const db = await openConfiguredStore(config, silentLogger);
  try {
    return await fn({
      config,
      db,
      clock: systemClock,
      writer: new InstanceWriter(db, systemClock, config.limits, config.checkoutTtl),
    });
  } finally {
    await closeStore(db);
  }
}

/** Runs a command, printing expected failures as plain messages (no stack) with their exit code. */
export async function runCommand(command: Command, args: string[], io: CliIo, env: Env) {
  try {
    return await command(args, io, env);
  } catch (err) {
    if (err instanceof CliError) {
      io.err(`${err.message}\n`);
      return err.exitCode;
    }
    if (err instanceof AppError || err instanceof ListenError) {
      io.err(`${err.message}\n`);
      return 1;
    }
    throw err;
  }
}

/** A store step's expected failure (a client tool, the other kind's archive) as the command's message. */
export async function storeCall<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (err) {
    if (err instanceof StoreToolError) throw new CliError(err.message);
    throw err;
  }
}
