import { type Db, listCustomerNames } from "@metabuild/db";
import { CliError } from "./io.ts";

/**
 * The customer a command acts on: the one named (created by the import if
 * missing), else the store's only customer.
 */
export async function resolveCustomer(db: Db, given: string | undefined): Promise<string> {
  if (given !== undefined && given !== "") return given;
  const names = await listCustomerNames(db);
  if (names.length === 1) return names[0] as string;
  throw new CliError(
    names.length === 0
      ? "The store has no customer yet: give --customer NAME (it is created)"
      : `The store has several customers (${names.join(", ")}): give --customer NAME`,
    2,
  );
}
