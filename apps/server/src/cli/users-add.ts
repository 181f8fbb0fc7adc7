import { Bundle } from "@metabuild/contract";
import { AppError } from "@metabuild/core";
import { findUserByEmail, transaction } from "@metabuild/db";
import { cliActor, recordAudit } from "../services/audit.ts";
import { importBundle } from "../services/bundle/import.ts";
import { resolveCustomer } from "./customer.ts";
import { CliError, type CliIo, type Command, parseCommandArgs, required, withStore } from "./io.ts";

const USAGE =
  "metabuild users add --email E [--password-stdin | --password P] [--admin] [--customer C]";

/**
 * The new user's password: from standard input, else `--password` (seen by
 * other users in `ps`, kept because the documented CLI has it (docs/operations.md)), else asked twice
 * on the terminal.
 */
async function passwordOf(
  values: { password?: string; "password-stdin"?: boolean },
  email: string,
  io: CliIo,
): Promise<string> {
  if (values["password-stdin"]) {
    if (values.password !== undefined)
      throw new CliError(`give --password or --password-stdin, not both\nusage: ${USAGE}`, 2);
    const line = ((await io.readStdin?.()) ?? "").split(/\r?\n/)[0] ?? "";
    if (line === "") throw new CliError("empty password on standard input", 2);
    return line;
  }
  if (values.password !== undefined) return required(values.password, "password", USAGE);
  if (!io.askSecret)
    throw new CliError(
      `no terminal to ask for the password: use --password-stdin\nusage: ${USAGE}`,
      2,
    );
  const first = await io.askSecret(`Password for ${email}: `);
  if (first === "") throw new CliError("empty password; nothing was added", 2);
  if ((await io.askSecret("Again: ")) !== first)
    throw new CliError("The two passwords differ; nothing was added");
  return first;
}

/** `metabuild users add`: a new user, through the bundle import (same checks, bcrypt cost 10). */
export const usersAddCommand: Command = async (args, io, env) => {
  const { values } = parseCommandArgs(
    args,
    {
      email: { type: "string" },
      password: { type: "string" },
      "password-stdin": { type: "boolean" },
      admin: { type: "boolean" },
      customer: { type: "string" },
    },
    USAGE,
  );
  const email = required(values.email, "email", USAGE).trim().toLowerCase();
  const taken = await withStore(
    env,
    async ({ db }) => (await findUserByEmail(db, email)) !== undefined,
  );
  // Checked before asking, so nobody types a password for nothing.
  if (taken) throw new CliError(`A user with the e-mail '${email}' already exists`);
  const password = await passwordOf(values, email, io);
  return withStore(env, async (store) => {
    if (await findUserByEmail(store.db, email))
      throw new CliError(`A user with the e-mail '${email}' already exists`);
    const customer = await resolveCustomer(store.db, values.customer);
    const admin = values.admin === true;
    const parsed = Bundle.safeParse({ version: 1, customer, users: [{ email, password, admin }] });
    if (!parsed.success)
      throw new CliError(`Cannot add the user: ${parsed.error.issues[0]?.message}`);
    try {
      await importBundle(store, parsed.data, {
        // The event is written in the import's transaction (docs/audit-log.md).
        inTransaction: async (fn) =>
          await transaction(store.db, async () => {
            await fn();
            const user = await findUserByEmail(store.db, email);
            if (!user) return;
            await recordAudit(store.db, cliActor(user.customerId), {
              action: "user.create",
              target: { kind: "user", id: user.id, label: email },
              after: { admin, via: "cli" },
            });
          }),
      });
    } catch (err) {
      if (err instanceof AppError) throw new CliError(`Cannot add the user: ${err.message}`);
      throw err;
    }
    io.out(`Added ${admin ? "admin " : "user "}${email} to customer ${customer}\n`);
    return 0;
  });
};
