import { loadConfig } from "../config.ts";
import { LeaseHeld } from "../infra/server-lease.ts";
import { startServer } from "../server.ts";
import { stopOnSignals } from "../shutdown.ts";
import { loadDemoIfEmpty } from "./demo.ts";
import { watchTsxLauncher } from "./launcher.ts";
import { createDemoErpIfMissing } from "./demo-erp.ts";
import { CliError, type Command, parseCommandArgs, withStore } from "./io.ts";

/**
 * `metabuild serve`: runs the server until SIGINT/SIGTERM, which drain it
 * (docs/operations.md "Shutdown"). With
 * METABUILD_DEMO=on it first loads the demo bundle into an empty store and
 * prints the demo sign-ins.
 */
export const serveCommand: Command = async (args, io, env) => {
  // Settings come from the environment (HOST, PORT, …); a stray option must not start a server on the defaults.
  parseCommandArgs(args, {}, "metabuild serve (settings from HOST, PORT, METABUILD_DATA_DIR, …)");
  const config = loadConfig(env);
  const demo = config.demo
    ? await withStore(env, async (store) => await loadDemoIfEmpty(store))
    : undefined;
  // The demo agent's harvest source `erp` (docs/harvesting.md "The demo source").
  if (config.demo) createDemoErpIfMissing();
  const server = await startServer(config).catch((err: unknown) => {
    // Another server holds the store (docs/scale-out.md): exit 2, its message alone.
    throw err instanceof LeaseHeld ? new CliError(err.message, 2) : err;
  });
  io.out(`metabuild listening on ${server.url}\n`);
  if (demo) {
    io.out(
      demo.loaded
        ? "Demo data loaded (demo/demo.yaml).\n"
        : "Demo mode: the store already holds data; nothing was loaded.\n",
    );
    io.out("Demo sign-ins:\n");
    for (const s of demo.signIns)
      io.out(
        `  ${s.email.padEnd(24)} ${s.password.padEnd(14)} ${s.admin ? "admin" : ""}`.trimEnd() +
          "\n",
      );
    for (const a of demo.agents)
      io.out(
        `Demo agent ${a.name}: METABUILD_AGENT_SECRET=${a.secret} pnpm agent --server ${server.url} --agent-id ${a.agentId} --config demo/agent.yaml\n`,
      );
  }
  stopOnSignals({
    graceSeconds: config.shutdownGraceSeconds,
    close: (graceMs) => server.close(graceMs),
    log: (line) => server.deps.logger.info(line),
    exit: (code) => process.exit(code),
  });
  // Its launcher was killed (kill -9 of `pnpm metabuild serve`): the server goes with it,
  // and its children follow it (docs/operations.md "Runtime").
  watchTsxLauncher(() => {
    server.deps.logger.warn("tsx's launcher of this server is gone: stopping");
    process.exit(1);
  });
  // Another process took the store's lease: this one has stopped serving.
  server.lost.then(() => process.exit(1));
  return new Promise<number>(() => {});
};
