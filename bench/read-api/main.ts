/**
 * bench/read-api: the read API under load on a store of 100,000 instances ×
 * 10 rows (issue 2's acceptance). The real app (createApp with real deps on an
 * SQLite file) and a bare Hono JSON route are served by the same
 * @hono/node-server in this process, with a raw baseline (the detail's own
 * statement plus JSON.stringify: no auth, no routing, no shaping) that the
 * detail is measured against (issue 17); a child process generates the load.
 *
 *   pnpm --filter @metabuild/bench read-api [--instances N] [--seconds S]
 *     [--connections C] [--reuse] [--store sqlite|postgres|both]
 *
 * --store postgres runs on a private PostgreSQL cluster (docs/stores.md);
 * both runs each store in turn and prints their figures side by side.
 * --reuse keeps the generated SQLite store in the temp folder for the next
 * run (a PostgreSQL run always loads its own cluster).
 * Prints (a) requests/s of GET /api/v1/instances/:id next to the raw baseline
 * (and GET /bare, for reference),
 * (b) the time of the full unfiltered list, (c) the p99 of a folder list.
 */
import { type ChildProcess, fork } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { serve } from "@hono/node-server";
import { closeStore, findCustomerByName, findInstanceDetail, openStore } from "@metabuild/db";
import { createApp } from "@metabuild/server/app";
import { Metrics } from "@metabuild/server/infra/metrics";
import { loadConfig } from "@metabuild/server/config";
import { systemClock } from "@metabuild/server/infra/clock";
import { LocalFileStore } from "@metabuild/server/infra/file-store";
import { createServices } from "@metabuild/server/services/index";
import { Hono } from "hono";
import { benchPostgres, perStore } from "../postgres.ts";
import type { RunRequest, RunSummary } from "./client.ts";
import { BENCH_USER, type BenchStore, CUSTOMER, PROJECT, fillStore } from "./store.ts";

const { values: args } = parseArgs({
  options: {
    instances: { type: "string", default: "100000" },
    seconds: { type: "string", default: "5" },
    connections: { type: "string", default: "32" },
    reuse: { type: "boolean", default: false },
    store: { type: "string", default: "sqlite" },
    "json-out": { type: "string" },
  },
});
if (!["sqlite", "postgres", "both"].includes(args.store as string))
  throw new Error("--store is sqlite, postgres or both");
if (args.store === "both") {
  const passed = process.argv
    .slice(2)
    .filter((a, i, all) => a !== "--store" && all[i - 1] !== "--store");
  const figures = await perStore<Figures>(import.meta.filename, passed);
  printSideBySide(figures);
  process.exit(0);
}
const POSTGRES = args.store === "postgres";
const INSTANCES = Number(args.instances);
const SECONDS = Number(args.seconds);
const CONNECTIONS = Number(args.connections);

// ---- the store ---------------------------------------------------------------
// The reused folder names its store: a PostgreSQL run must not wipe SQLite's kept store.
const dir = args.reuse
  ? join(tmpdir(), `metabuild-bench-read-api-${INSTANCES}-${args.store}`)
  : join(tmpdir(), `metabuild-bench-read-api-${process.pid}`);
const storeInfo = join(dir, "store.json");
// A PostgreSQL cluster is made for the run: nothing to reuse.
const reused = args.reuse && !POSTGRES && existsSync(storeInfo);
if (!reused) rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
const config = loadConfig({
  METABUILD_DATA_DIR: dir,
  METABUILD_JWT_SECRET: randomBytes(32).toString("base64url"),
  METABUILD_BUILD_WORKERS: "0",
  METABUILD_CONSOLE_DIR: join(dir, "no-console"),
  PORT: "0",
});
const cluster = POSTGRES ? await benchPostgres() : undefined;
const db = await openStore(
  cluster ? { kind: "postgres", url: cluster.url } : { kind: "sqlite", file: config.databaseFile },
);
const silent = { info() {}, warn() {}, error: console.error };
const deps = {
  db,
  config,
  clock: systemClock,
  files: new LocalFileStore(join(dir, "files")),
  logger: silent,
  metrics: new Metrics(),
};
const services = createServices(deps);
let store: BenchStore;
if (reused) {
  store = JSON.parse(readFileSync(storeInfo, "utf8")) as BenchStore;
  console.log(`reusing the store in ${dir}`);
} else {
  console.log(`generating ${INSTANCES.toLocaleString("en")} instances × 10 rows in ${dir} …`);
  store = await fillStore({ db, clock: systemClock, writer: services.instanceWriter }, INSTANCES);
  writeFileSync(storeInfo, JSON.stringify(store));
  console.log(`  done in ${store.seconds.toFixed(1)} s`);
}

// ---- the server: the real app, a raw baseline and a bare route, one @hono/node-server
const app = createApp(deps, services);
const bare = new Hono().get("/bare", (c) => c.json({ status: "ok", id: 1, name: "bare" }));
const customerId = (await findCustomerByName(db, CUSTOMER))?.id as number;
const RAW = "/raw/instances/";
/** The detail's own statement and JSON.stringify of what it returns: all the detail must do. */
async function rawDetail(url: string): Promise<Response> {
  const id = Number(url.slice(url.lastIndexOf("/") + 1));
  const found = await findInstanceDetail(db, customerId, id);
  return new Response(JSON.stringify(found), {
    headers: { "Content-Type": "application/json" },
  });
}
const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
  const s = serve(
    {
      fetch: (req, env) =>
        req.url.includes(RAW)
          ? rawDetail(req.url)
          : req.url.endsWith("/bare")
            ? bare.fetch(req)
            : app.fetch(req, env),
      hostname: "127.0.0.1",
      port: 0,
    },
    () => resolve(s),
  );
});
const port = (server.address() as AddressInfo).port;
const base = `http://127.0.0.1:${port}`;

const signIn = await fetch(`${base}/authentication`, {
  method: "POST",
  headers: { "Content-Type": "application/json" },
  body: JSON.stringify({ strategy: "local", ...BENCH_USER }),
});
if (signIn.status !== 201) throw new Error(`sign-in failed: ${signIn.status}`);
const { accessToken: token } = (await signIn.json()) as { accessToken: string };

const fullList = `/api/v1/instances?project=${PROJECT}`;
const folderList = `/api/v1/instances?project=${PROJECT}&folder=`;

// Sanity: the answers are what the figures claim to measure.
{
  const auth = { headers: { Authorization: `Bearer ${token}` } };
  const detail = (await (await fetch(`${base}/api/v1/instances/${store.lastId}`, auth)).json()) as {
    field_details: unknown[];
  };
  const list = await fetch(`${base}${fullList}`, auth);
  const items = (await list.json()) as unknown[];
  const folder = (await (
    await fetch(`${base}${folderList}${encodeURIComponent(store.leafFolders[0] as string)}`, auth)
  ).json()) as unknown[];
  if (detail.field_details?.length !== 10) throw new Error("the detail has not 10 rows");
  const raw = (await (await fetch(`${base}${RAW}${store.lastId}`)).json()) as { rows: unknown[] };
  if (raw.rows?.length !== 10) throw new Error("the raw baseline has not 10 rows");
  if (items.length !== INSTANCES || list.headers.get("x-total-count") !== String(INSTANCES))
    throw new Error(`the full list has ${items.length} items`);
  if (folder.length === 0) throw new Error("the folder list is empty");
  console.log(`  a folder list holds ~${folder.length} instances\n`);
}

// ---- the load ----------------------------------------------------------------
// The loader flags (tsx) but not profiling ones: `node --cpu-prof` profiles the server only.
const child: ChildProcess = fork(join(import.meta.dirname, "client.ts"), [], {
  execArgv: process.execArgv.filter((a) => !a.startsWith("--cpu-prof")),
});
let nextId = 0;
const pending = new Map<number, (m: { summary?: RunSummary; error?: string }) => void>();
child.on("message", (m: { id: number; summary?: RunSummary; error?: string }) =>
  pending.get(m.id)?.(m),
);

type Measured = RunSummary & { serverCpu: number; serverCpuUs: number };

/** One run in the child, with the server's CPU over it (share of one core, and in total). */
function run(request: Omit<RunRequest, "port" | "token">, auth = true) {
  const id = nextId++;
  const cpu = process.cpuUsage();
  const wall = performance.now();
  return new Promise<Measured>((resolve, reject) => {
    pending.set(id, (m) => {
      pending.delete(id);
      if (m.error || !m.summary) return reject(new Error(m.error));
      const used = process.cpuUsage(cpu);
      const serverCpuUs = used.user + used.system;
      const serverCpu = serverCpuUs / 1000 / (performance.now() - wall);
      const bad = Object.keys(m.summary.statuses).filter((s) => s !== "200");
      if (bad.length)
        return reject(new Error(`non-200 answers: ${JSON.stringify(m.summary.statuses)}`));
      resolve({ ...m.summary, serverCpu, serverCpuUs });
    });
    child.send({ id, request: { ...request, port, token: auth ? token : undefined } });
  });
}

const barePaths = { kind: "fixed", path: "/bare" } as const;
const detailPaths = {
  kind: "ids",
  prefix: "/api/v1/instances/",
  firstId: store.firstId,
  lastId: store.lastId,
} as const;
const rawPaths = { ...detailPaths, prefix: RAW };

/**
 * Bare, raw baseline and detail in alternating slices (ROUNDS of each,
 * SECONDS in all per route): a change in the machine's load during the run
 * then hits all alike.
 */
const ROUNDS = 5;
async function alternating() {
  const slice = { connections: CONNECTIONS, seconds: SECONDS / ROUNDS };
  const bare: Measured[] = [];
  const raw: Measured[] = [];
  const detail: Measured[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    bare.push(await run({ paths: barePaths, ...slice }, false));
    raw.push(await run({ paths: rawPaths, ...slice }, false));
    detail.push(await run({ paths: detailPaths, ...slice }));
  }
  return { bare, raw, detail };
}

/** Several slices as one: requests/s over their time, CPU per request, worst p99. */
function combined(runs: Measured[]) {
  const requests = runs.reduce((n, r) => n + r.requests, 0);
  const seconds = runs.reduce((n, r) => n + r.seconds, 0);
  const cpuUs = runs.reduce((n, r) => n + r.serverCpuUs, 0);
  return {
    perSecond: requests / seconds,
    cpuPerRequestUs: cpuUs / requests,
    serverCpu: cpuUs / 1e6 / seconds,
    clientCpu: runs.reduce((n, r) => n + r.clientCpu * r.seconds, 0) / seconds,
    p99: Math.max(...runs.map((r) => r.p99)),
    bytesPerAnswer: runs[0]?.bytesPerAnswer ?? 0,
  };
}

// Warm-up: JIT, statement caches, page cache.
await run({ paths: barePaths, connections: CONNECTIONS, seconds: 1 }, false);
await run({ paths: rawPaths, connections: CONNECTIONS, seconds: 1 }, false);
await run({ paths: detailPaths, connections: CONNECTIONS, seconds: 1 });

const slices = await alternating();
const bareRun = combined(slices.bare);
const rawRun = combined(slices.raw);
const detailRun = combined(slices.detail);
const listRun = await run({
  paths: { kind: "fixed", path: fullList },
  connections: 1,
  seconds: 60,
  maxRequests: 5,
});
const folderRun = await run({
  paths: { kind: "values", prefix: folderList, values: store.leafFolders },
  connections: 1,
  seconds: SECONDS,
});

// ---- the report --------------------------------------------------------------
const ratio = detailRun.perSecond / rawRun.perSecond;
// What the ratio would be if both routes got the same CPU: less sensitive to other load.
const cpuRatio = rawRun.cpuPerRequestUs / detailRun.cpuPerRequestUs;
const bareRatio = detailRun.perSecond / bareRun.perSecond;
const ms = (n: number) => `${n.toFixed(1)} ms`;
const rps = (n: number) => `${Math.round(n).toLocaleString("en")} req/s`;
const pct = (n: number) => `${Math.round(n * 100)} %`;
const us = (n: number) => `${Math.round(n)} µs`;
const verdict = (ok: boolean) => (ok ? "met" : "MISSED");
const rows: [string, string, string, string, string][] = [
  ["measure", "figure", "goal", "", "detail"],
  [
    "GET /bare (Hono JSON route)",
    rps(bareRun.perSecond),
    "",
    "",
    `${CONNECTIONS} conns, p99 ${ms(bareRun.p99)}, server CPU ${us(bareRun.cpuPerRequestUs)}/request (${pct(bareRun.serverCpu)} of a core), client CPU ${pct(bareRun.clientCpu)}`,
  ],
  [
    "GET /raw/instances/:id (baseline)",
    rps(rawRun.perSecond),
    "",
    "",
    `${CONNECTIONS} conns, p99 ${ms(rawRun.p99)}, ${Math.round(rawRun.bytesPerAnswer)} B/answer, server CPU ${us(rawRun.cpuPerRequestUs)}/request (${pct(rawRun.serverCpu)} of a core)`,
  ],
  [
    "GET /api/v1/instances/:id",
    rps(detailRun.perSecond),
    "",
    "",
    `${CONNECTIONS} conns, p99 ${ms(detailRun.p99)}, ${Math.round(detailRun.bytesPerAnswer)} B/answer, server CPU ${us(detailRun.cpuPerRequestUs)}/request (${pct(detailRun.serverCpu)} of a core)`,
  ],
  [
    "  detail ÷ raw baseline",
    pct(ratio),
    "≥ 60 %",
    verdict(ratio >= 0.6),
    `${ROUNDS} alternating slices each; by CPU per request: ${pct(cpuRatio)}`,
  ],
  ["  detail ÷ bare", pct(bareRatio), "", "", "for reference (the old goal's measure)"],
  [
    `full list (${INSTANCES.toLocaleString("en")} instances)`,
    ms(listRun.p50),
    POSTGRES ? "< 2 s" : "< 1.5 s",
    verdict(listRun.p50 < (POSTGRES ? 2000 : 1500)),
    `median of ${listRun.requests}, max ${ms(listRun.max)}, ${(listRun.bytesPerAnswer / 1e6).toFixed(1)} MB, server CPU ${ms(listRun.serverCpuUs / 1000 / listRun.requests)}/request`,
  ],
  [
    "folder list p99",
    ms(folderRun.p99),
    POSTGRES ? "< 30 ms" : "< 20 ms",
    verdict(folderRun.p99 < (POSTGRES ? 30 : 20)),
    `${folderRun.requests} sequential requests, p50 ${ms(folderRun.p50)}, max ${ms(folderRun.max)}, server CPU ${ms(folderRun.serverCpuUs / 1000 / folderRun.requests)}/request`,
  ],
];
const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
// Other work on the machine slows everything; the load average tells how much.
console.log(
  `Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model.trim()}, load average ${loadavg()[0]?.toFixed(1)}, ${INSTANCES.toLocaleString("en")} instances × 10 rows, ${POSTGRES ? "PostgreSQL (private cluster, same machine)" : "SQLite file"}\n`,
);
for (const r of rows)
  console.log(
    r
      .map((c, i) => c.padEnd(widths[i] as number))
      .join("  ")
      .trimEnd(),
  );

const figures: Figures = {
  detail: detailRun.perSecond,
  raw: rawRun.perSecond,
  ratio,
  fullListMs: listRun.p50,
  folderP99Ms: folderRun.p99,
};
if (args["json-out"]) writeFileSync(args["json-out"], JSON.stringify(figures));
child.kill();
server.close();
await closeStore(db);
cluster?.stop();
if (!args.reuse) rmSync(dir, { recursive: true, force: true });

interface Figures {
  detail: number;
  raw: number;
  ratio: number;
  fullListMs: number;
  folderP99Ms: number;
}

function printSideBySide(f: { sqlite: Figures; postgres: Figures }): void {
  const row = (label: string, a: string, b: string, goal = "") =>
    console.log(`${label.padEnd(32)} ${a.padStart(12)} ${b.padStart(12)}  ${goal}`);
  console.log("\nread-api, both stores in one run");
  row("", "SQLite", "PostgreSQL", "goal on PostgreSQL");
  const rps = (n: number) => `${Math.round(n).toLocaleString("en")}/s`;
  row("GET /api/v1/instances/:id", rps(f.sqlite.detail), rps(f.postgres.detail));
  row("raw baseline", rps(f.sqlite.raw), rps(f.postgres.raw));
  const pct = (n: number) => `${Math.round(n * 100)} %`;
  row("detail ÷ raw baseline", pct(f.sqlite.ratio), pct(f.postgres.ratio), "≥ 60 %");
  const ms = (n: number) => `${n.toFixed(1)} ms`;
  row("full list", ms(f.sqlite.fullListMs), ms(f.postgres.fullListMs), "< 2 s");
  row("folder list p99", ms(f.sqlite.folderP99Ms), ms(f.postgres.folderP99Ms), "< 30 ms");
}
