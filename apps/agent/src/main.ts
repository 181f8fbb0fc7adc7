import { loadAgentConfig } from "./config.ts";
import { AgentConnection } from "./connection.ts";
import { type AgentOptions, parseCommand } from "./options.ts";
import { RunQueue } from "./runner.ts";

/** `metabuild-agent …` (`pnpm agent …` from the repository): connect to the server and run the deployments it sends. */
function main(): void {
  let options: AgentOptions;
  let config: ReturnType<typeof loadAgentConfig>;
  try {
    const command = parseCommand(process.argv.slice(2), process.env);
    if ("print" in command) {
      console.log(command.print);
      return;
    }
    options = command.run;
    config = loadAgentConfig(options.config);
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(2);
  }
  const log = (line: string) => console.log(`${new Date().toISOString()} ${line}`);
  const queue = new RunQueue(config);
  const connection = new AgentConnection({
    server: options.server,
    agentId: options.agentId,
    secret: options.secret,
    reconnect: config.reconnect,
    onDeploy: (msg, report) => void queue.enqueue(msg, report),
    onCancel: (runId) => queue.cancel(runId),
    sources: [...(config.sources?.keys() ?? [])],
    onHarvest: (msg, report) => void queue.enqueueHarvest(msg, report),
    onDisconnect: (reason) => queue.abortAll(`The connection to the server was lost (${reason})`),
    onRefused: () => process.exit(3),
    log,
  });
  log(`metabuild agent ${options.agentId} starting; directory root ${config.directoryRoot}`);
  connection.start();
  const stop = async () => {
    await connection.stop();
    process.exit(0);
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

main();
