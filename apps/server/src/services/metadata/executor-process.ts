import { watchParent } from "./executor-watchdog.ts";

/**
 * The child process behind ExecutorPool. Its watchdog starts before the
 * scripts' modules load: under tsx on a busy machine loading takes seconds,
 * and a server killed meanwhile must not leave the child behind. The server
 * is named by the pool (argv), not read from process.ppid, which is already
 * another process once the server has died (docs/metadata-sql.md "Executors").
 */
const server = Number(process.argv[2]) || process.ppid;
watchParent(server);
const { serveScripts } = await import("./executor-scripts.ts");
serveScripts(server);
