import { loadConfig } from "../config.ts";
import { startServer } from "../server.ts";

type Command = (args: string[]) => Promise<number>;

/** `metabuild <command>`: see bundle.md. Each command lives in its own file. */
const commands: Record<string, Command> = {
  async serve() {
    const config = loadConfig();
    const server = await startServer(config);
    console.log(`metabuild listening on ${server.url}`);
    const stop = async () => {
      await server.close();
      process.exit(0);
    };
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
    return new Promise<number>(() => {});
  },
};

export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  const command = name ? commands[name] : undefined;
  if (!command) {
    console.error(`usage: metabuild <${Object.keys(commands).join("|")}> …`);
    return 2;
  }
  return command(rest);
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
