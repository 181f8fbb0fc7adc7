/**
 * bench/read-api/store-calls: the CPU (this process) and wall time of each
 * store call the detail and the folder list make, called one after the
 * other in process (no HTTP), on either store. Counts work, not load: what
 * one call costs the server's thread.
 *
 *   node --import tsx bench/read-api/store-calls.ts [--store sqlite|postgres] [--calls N]
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import {
  closeStore,
  findInstanceDetail,
  findProjectById,
  findTokenHolder,
  findUserByEmail,
  listGrantedPermissions,
  openStore,
  postgresRoot,
} from "@metabuild/db";
import { createApp } from "@metabuild/server/app";
import { loadConfig } from "@metabuild/server/config";
import { systemClock } from "@metabuild/server/infra/clock";
import { LocalFileStore } from "@metabuild/server/infra/file-store";
import { Metrics } from "@metabuild/server/infra/metrics";
import { createServices } from "@metabuild/server/services/index";
import { benchPostgres } from "../postgres.ts";
import { BENCH_USER, fillStore } from "./store.ts";

type Query = (...args: unknown[]) => unknown;

const { values: args } = parseArgs({
  options: {
    store: { type: "string", default: "postgres" },
    calls: { type: "string", default: "2000" },
    /** Write a CPU profile of the detail requests to this file. */
    profile: { type: "string" },
    /** PostgreSQL: EXPLAIN ANALYZE the statements of one full list and one folder list. */
    explain: { type: "boolean", default: false },
    instances: { type: "string", default: "2000" },
  },
});
const CALLS = Number(args.calls);
const dir = mkdtempSync(join(tmpdir(), "metabuild-store-calls-"));
const cluster = args.store === "postgres" ? await benchPostgres() : undefined;
try {
  const config = loadConfig({
    METABUILD_DATA_DIR: dir,
    METABUILD_JWT_SECRET: randomBytes(32).toString("base64url"),
    METABUILD_BUILD_WORKERS: "0",
    PORT: "0",
  });
  const db = await openStore(
    cluster
      ? { kind: "postgres", url: cluster.url }
      : { kind: "sqlite", file: config.databaseFile },
  );
  const deps = {
    db,
    config,
    clock: systemClock,
    files: new LocalFileStore(join(dir, "files")),
    logger: { info() {}, warn() {}, error: console.error },
    metrics: new Metrics(),
  };
  const services = createServices(deps);
  const store = await fillStore(
    { db, clock: systemClock, writer: services.instanceWriter },
    Number(args.instances),
  );
  const user = await findUserByEmail(db, BENCH_USER.email);
  if (!user) throw new Error("no bench user");
  const span = store.lastId - store.firstId + 1;
  const id = (i: number) => store.firstId + ((i * 7919) % span);
  const calls: [string, (i: number) => Promise<unknown>][] = [
    ["findTokenHolder", () => findTokenHolder(db, user.id, "jti-x", 1)],
    ["findInstanceDetail", (i) => findInstanceDetail(db, user.customerId, id(i))],
    ["findProjectById", () => findProjectById(db, user.customerId, store.projectId)],
    ["listGrantedPermissions", () => listGrantedPermissions(db, user.id, store.projectId)],
  ];
  console.log(`${args.store}, ${CALLS} calls each, load ${loadavg()[0].toFixed(1)}`);
  for (let round = 0; round < 2; round++)
    for (const [name, call] of calls) {
      for (let i = 0; i < 50; i++) await call(i);
      const cpu = process.cpuUsage();
      const wall = performance.now();
      for (let i = 0; i < CALLS; i++) await call(i);
      const used = process.cpuUsage(cpu);
      const us = (used.user + used.system) / CALLS;
      const wallUs = ((performance.now() - wall) * 1000) / CALLS;
      if (round === 1)
        console.log(
          `  ${name.padEnd(24)} ${us.toFixed(0).padStart(6)} µs CPU  ${wallUs.toFixed(0).padStart(6)} µs wall`,
        );
    }
  // The whole request in process (app.request): CPU and statements per request.
  let statements = 0;
  const seen: { text: string; values: unknown }[] = [];
  // Outside transactions drizzle sends every statement through the pool's query.
  const pool = cluster ? (postgresRoot(db).$client as unknown as { query: Query }) : undefined;
  const query = pool?.query;
  if (pool)
    pool.query = function (this: unknown, ...a: unknown[]) {
      statements++;
      return (query as Query).apply(this, a);
    };
  const app = createApp(deps, services);
  const signIn = await app.request("/authentication", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ strategy: "local", ...BENCH_USER }),
  });
  const { accessToken } = (await signIn.json()) as { accessToken: string };
  const auth = { headers: { Authorization: `Bearer ${accessToken}` } };
  const folder = encodeURIComponent(store.leafFolders[0] as string);
  const requests: [string, (i: number) => string][] = [
    ["GET detail", (i) => `/api/v1/instances/${id(i)}`],
    ["GET folder list", () => `/api/v1/instances?project=BENCH_DWH&folder=${folder}`],
  ];
  for (const [name, url] of requests) {
    for (let i = 0; i < 50; i++) await (await app.request(url(i), auth)).text();
    statements = 0;
    const session = args.profile && name === "GET detail" ? new Session() : undefined;
    if (session) {
      session.connect();
      await session.post("Profiler.enable");
      await session.post("Profiler.start");
    }
    const cpu = process.cpuUsage();
    const wall = performance.now();
    for (let i = 0; i < CALLS; i++) {
      const res = await app.request(url(i), auth);
      if (res.status !== 200) throw new Error(`${name}: ${res.status}`);
      await res.text();
    }
    const used = process.cpuUsage(cpu);
    if (session) {
      const { profile } = await session.post("Profiler.stop");
      writeFileSync(args.profile as string, JSON.stringify(profile));
      session.disconnect();
    }
    console.log(
      `  ${name.padEnd(24)} ${((used.user + used.system) / CALLS).toFixed(0).padStart(6)} µs CPU  ${(((performance.now() - wall) * 1000) / CALLS).toFixed(0).padStart(6)} µs wall  ${(statements / CALLS).toFixed(1)} statements (PostgreSQL)`,
    );
  }
  if (pool) pool.query = query as Query;
  if (pool && args.explain) {
    seen.length = 0;
    pool.query = function (this: unknown, ...a: unknown[]) {
      const config = a[0] as { text?: string };
      if (config?.text) seen.push({ text: config.text, values: a[1] });
      return (query as Query).apply(this, a);
    };
    await (await app.request(`/api/v1/instances?project=BENCH_DWH`, auth)).text();
    await (await app.request(`/api/v1/instances?project=BENCH_DWH&folder=${folder}`, auth)).text();
    pool.query = query as Query;
    const client = postgresRoot(db).$client;
    for (const { text, values } of seen) {
      const plan = await client.query(`explain (analyze, buffers) ${text}`, values as unknown[]);
      console.log(`\n${text.slice(0, 160)}…`);
      for (const r of plan.rows as { "QUERY PLAN": string }[]) console.log(`  ${r["QUERY PLAN"]}`);
    }
  }
  await closeStore(db);
} finally {
  cluster?.stop();
  rmSync(dir, { recursive: true, force: true });
}
