import { readFileSync } from "node:fs";
import { basename } from "node:path";
import type { ImportSummary } from "../services/bundle/import.ts";
import { parseBundle } from "../services/bundle/parse.ts";
import {
  CliError,
  type CliIo,
  fileProblem,
  type Command,
  parseCommandArgs,
  withStore,
} from "./io.ts";
import { PartlyImported, importLive } from "./live-import.ts";

const USAGE = "metabuild import FILE";

/** What an import did, and the credentials it generated (shown only this once). */
export function printImportSummary(io: CliIo, file: string, s: ImportSummary): void {
  const i = s.instances;
  io.out(
    `Imported ${file}: customers ${s.customers.join(", ") || "(none)"}; instances ${i.INSERTED} inserted, ${i.UPDATED} updated, ${i.UNCHANGED} unchanged\n`,
  );
  for (const a of s.generatedAgents)
    io.out(
      `Agent ${a.name} (group ${a.group}, customer ${a.customer}):${a.agent_id ? ` agent_id ${a.agent_id}` : ""}${a.secret ? ` secret ${a.secret}` : ""}\n`,
    );
}

/** `metabuild import FILE`: all or nothing; a bad entry is named by its path in the file. */
export const importCommand: Command = async (args, io, env) => {
  const { positionals } = parseCommandArgs(args, {}, USAGE, true);
  if (positionals.length !== 1) throw new CliError(`usage: ${USAGE}`, 2);
  const file = positionals[0] as string;
  return withStore(env, async (store) => {
    let summary: ImportSummary;
    try {
      summary = await importLive(
        store,
        parseBundle(readFileSync(file, "utf8"), basename(file), store.config.jsonMaxDepth),
        io,
      );
    } catch (err) {
      // A file system error (it has a syscall), not a problem inside the bundle.
      if ((err as NodeJS.ErrnoException).syscall !== undefined)
        throw new CliError(`Cannot read ${file}: ${fileProblem(err)}`);
      if (err instanceof PartlyImported)
        throw new CliError(
          `Import of ${file} stopped part way: the store changed while it ran. Run it again to finish.\n${err.message}`,
        );
      throw new CliError(
        `Import of ${file} failed; nothing was changed.\n${(err as Error).message}`,
      );
    }
    printImportSummary(io, file, summary);
    return 0;
  });
};
