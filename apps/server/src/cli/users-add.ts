import { Bundle } from "@metabuild/contract";
import { AppError } from "@metabuild/core";
import { findUserByEmail } from "@metabuild/db";
import { importBundle } from "../bundle/import.ts";
import { resolveCustomer } from "./customer.ts";
import { CliError, type Command, parseCommandArgs, required, withStore } from "./io.ts";

const USAGE = "metabuild users add --email E --password P [--admin] [--customer C]";

/** `metabuild users add`: a new user, through the bundle import (same checks, bcrypt cost 10). */
export const usersAddCommand: Command = async (args, io, env) => {
  const { values } = parseCommandArgs(
    args,
    {
      email: { type: "string" },
      password: { type: "string" },
      admin: { type: "boolean" },
      customer: { type: "string" },
    },
    USAGE,
  );
  const email = required(values.email, "email", USAGE).trim().toLowerCase();
  const password = required(values.password, "password", USAGE);
  return withStore(env, (store) => {
    if (findUserByEmail(store.db, email))
      throw new CliError(`A user with the e-mail '${email}' already exists`);
    const customer = resolveCustomer(store.db, values.customer);
    const admin = values.admin === true;
    const parsed = Bundle.safeParse({ version: 1, customer, users: [{ email, password, admin }] });
    if (!parsed.success)
      throw new CliError(`Cannot add the user: ${parsed.error.issues[0]?.message}`);
    try {
      importBundle(store, parsed.data);
    } catch (err) {
      if (err instanceof AppError) throw new CliError(`Cannot add the user: ${err.message}`);
      throw err;
    }
    io.out(`Added ${admin ? "admin " : "user "}${email} to customer ${customer}\n`);
    return 0;
  });
};
