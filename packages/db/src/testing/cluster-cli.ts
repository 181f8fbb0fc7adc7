import { startPrivatePostgres, stopPrivatePostgresAt } from "./private-postgres.ts";

/**
 * A private PostgreSQL cluster for tests that run outside Vitest (the
 * browser tests, docs/scale-out.md "Tested"): `start <database>` prints one
 * JSON line `{ url, dir }` with a byte-collated database made, the cluster
 * keeps running; `stop <dir>` stops it and removes its folder.
 */
const [command, arg] = process.argv.slice(2);
if (command === "start") {
  const cluster = await startPrivatePostgres();
  const database = arg ?? "metabuild";
  cluster.sql(`CREATE DATABASE ${database} TEMPLATE template0 LC_COLLATE 'C' LC_CTYPE 'C'`);
  const url = cluster.url.replace(/\/postgres$/, `/${database}`);
  process.stdout.write(`${JSON.stringify({ url, dir: cluster.dir })}\n`);
} else if (command === "stop" && arg) {
  stopPrivatePostgresAt(arg);
} else {
  process.stderr.write("usage: cluster-cli.ts start [database] | stop <dir>\n");
  process.exit(2);
}
