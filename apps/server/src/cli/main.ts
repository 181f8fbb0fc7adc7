import { versionInfo } from "../infra/version.ts";

/** The `metabuild` program; the commands and their help are in program.ts and help.ts. */
export async function main(argv: string[]): Promise<number> {
  if (argv[0] === "--version") {
    const { version, commit } = versionInfo();
    console.log(`metabuild ${version} (commit ${commit})`);
    return 0;
  }
  // Loaded only past --version: the commands pull in the whole server (seconds on a busy machine).
  const [{ runProgram }, { consoleIo }] = await Promise.all([
    import("./program.ts"),
    import("./io.ts"),
  ]);
  return runProgram(argv, consoleIo, process.env);
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
