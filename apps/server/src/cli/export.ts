import { writeFileSync } from "node:fs";
import { exportBundleText } from "../services/bundle/export.ts";
import {
  CliError,
  fileProblem,
  type Command,
  parseCommandArgs,
  required,
  withStore,
} from "./io.ts";

const USAGE = "metabuild export --customer NAME [FILE]";

/** `metabuild export --customer NAME [FILE]`: the customer's bundle, to FILE or standard output. */
export const exportCommand: Command = async (args, io, env) => {
  const { values, positionals } = parseCommandArgs(
    args,
    { customer: { type: "string" } },
    USAGE,
    true,
  );
  const customer = required(values.customer, "customer", USAGE);
  if (positionals.length > 1) throw new CliError(`usage: ${USAGE}`, 2);
  const file = positionals[0];
  return withStore(env, async ({ db }) => {
    const text = await exportBundleText(db, customer, file, (done, total) =>
      io.progress?.("Exporting instances", done, total),
    );
    if (file === undefined) io.out(text);
    else {
      try {
        writeFileSync(file, text);
      } catch (err) {
        throw new CliError(`Cannot write ${file}: ${fileProblem(err, true)}`);
      }
      io.err(`Wrote ${file}\n`);
    }
    return 0;
  });
};
