/**
 * A render worker exits when the server that forked it is gone, whatever
 * started the server (tsx's launcher or node) and even when the server died
 * while the worker was still loading: then its 'disconnect' came before
 * anyone listened, and process.ppid is already another process. So the pool
 * names the server (argv[3]); worker-entry.mjs loads this module first.
 */
const server = Number(process.argv[3]) || process.ppid;

function exitWithoutServer(): void {
  if (process.ppid !== server) process.exit(0);
}
exitWithoutServer();
setInterval(exitWithoutServer, 200).unref();
