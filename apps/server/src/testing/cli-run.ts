import type { CliIo } from "../cli/io.ts";
import { runProgram } from "../cli/program.ts";

/**
 * `metabuild ARGV…` run in this process on `env`, its terminal captured;
 * `terminal` replaces parts of it (standard input, what a prompt gets).
 */
export async function runCli(
  env: Record<string, string>,
  argv: string[],
  terminal: Partial<CliIo> = {},
): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const io: CliIo = {
    out: (t) => {
      out += t;
    },
    err: (t) => {
      err += t;
    },
    ...terminal,
  };
  const code = await runProgram(argv, io, env);
  return { code, out, err };
}
