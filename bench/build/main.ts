/**
 * bench/build (issue 26): 10,000 instances × 20 rows of one pattern with two
 * templates, built end to end with `wait: true` against the COMPILED server
 * (`node scripts/build.mjs --only server`, then `node apps/server/dist/main.js
 * serve`, as in production), next to a raw LiquidJS loop rendering the same
 * templates over the same data in this process. Prints each goal of issue 26
 * next to its figure: build ÷ raw loop, CPU of every process of the server
 * (render workers and executors included) ÷ the loop's, peak and idle memory
 * of all of them, /health p99 during the build.
 *
 *   pnpm --filter @metabuild/bench build  [--store sqlite|postgres|both] [--competitor]
 *
 * --store postgres runs the server on a private PostgreSQL cluster; both runs
 * each store in turn and prints them side by side. --competitor builds once
 * more with a CPU-bound process spinning beside the server and prints that
 * build's ratio. BENCH_PROFILE=dir writes CPU profiles of the server and of
 * every render worker there (the pool passes the server's --cpu-prof flags on).
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import type { Build } from "@metabuild/contract";
import {
  type InstanceInput,
  type RenderProgram,
  instanceHeader,
  readArchive,
  renderContext,
} from "@metabuild/core";
import {
  type Db,
  closeStore,
  loadPatternColumns,
  loadRenderInstances,
  openStore,
  patternTemplates,
} from "@metabuild/db";
import { seedBuildCatalog, seedManyHubs } from "@metabuild/server/testing/builds-fixture";
import { TEST_PASSWORD, seedBasic } from "@metabuild/server/testing/harness";
import { Liquid } from "liquidjs";
import { benchPostgres, perStore } from "../postgres.ts";
import { type Figures, printBoth, printRun } from "./goals.ts";
import { TreeWatch, treeRssMiB } from "./process-tree.ts";

const { values: args } = parseArgs({
  options: {
    store: { type: "string", default: "sqlite" },
    competitor: { type: "boolean", default: false },
    "json-out": { type: "string" },
  },
});
if (!["sqlite", "postgres", "both"].includes(args.store as string))
  throw new Error("--store is sqlite, postgres or both");

/** BENCH_INSTANCES overrides the size for a quick look; the figures in the README use 10,000. */
const INSTANCES = Number(process.env.BENCH_INSTANCES ?? 10_000);
const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..", "..");
const MiB = 1024 * 1024;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** Compiles the server as `pnpm build` does (a few seconds), so the bench runs what production runs. */
function compileServer(): void {
  const run = spawnSync(process.execPath, [join(root, "scripts/build.mjs"), "--only", "server"], {
    stdio: "inherit",
  });
  if (run.status !== 0) throw new Error("compiling the server failed");
}

function startServer(
  dataDir: string,
  databaseUrl: string,
): Promise<{ child: ChildProcess; url: string }> {
  // The render pool passes --cpu-prof flags on to its workers (not allowed in NODE_OPTIONS).
  const profile = process.env.BENCH_PROFILE
    ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_PROFILE}`]
    : [];
  const main = join(root, "apps/server/dist/main.js");
  const child = spawn(process.execPath, [...profile, main, "serve"], {
    cwd: root,
    env: {
      ...process.env,
      METABUILD_DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      PORT: "0",
      METABUILD_DEMO: "off",
      METABUILD_JWT_SECRET: "bench-secret-bench-secret-bench-secret-0123",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const m = /listening on (\S+)/.exec(out);
      if (m) resolve({ child, url: m[1] });
    });
    child.once("exit", (code) => reject(new Error(`server exited with ${code}`)));
  });
}

/** The same templates over the same data, in one plain loop (contexts prepared beforehand). */
async function rawLiquidLoop(db: Db, patternId: number, ids: number[]) {
  const { properties, roles } = await loadPatternColumns(db, patternId);
  const program: RenderProgram = {
    key: "raw",
    project: { id: 1, name: "DWH" },
    pattern: { id: patternId, name: "HUB", type: "SQLITE", vers_no: "1.0" },
    build: { id: 1, description: null },
    header: instanceHeader(properties, roles),
    roles: roles.map((r) => r.name),
    templates: (await patternTemplates(db, patternId)).map((t) => ({ path: t.path, body: t.body })),
  };
  const vars = {
    V_DEFAULT: "default-value",
    V_PROJECT: "dwh_prod",
    V_FOLDER: "default-folder",
    V_INSTANCE: "x",
  };
  const contexts = (await loadRenderInstances(db, ids)).map((row) =>
    renderContext(program, { ...row, vars } satisfies InstanceInput),
  );
  const liquid = new Liquid();
  const parsed = program.templates.map((t) => ({
    path: liquid.parse(t.path),
    body: liquid.parse(t.body),
  }));
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  let bytes = 0;
  for (const ctx of contexts)
    for (const t of parsed) {
      bytes += String(liquid.renderSync(t.path, ctx)).length;
      bytes += String(liquid.renderSync(t.body, ctx)).length;
    }
  const ms = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  if (bytes === 0) throw new Error("nothing rendered");
  return { ms, cpuS: (cpu.user + cpu.system) / 1e6 };
}

/** A CPU-bound process that never sleeps, at normal priority: "any other process busy on the cores". */
function startCompetitor(): ChildProcess {
  return spawn(process.execPath, ["-e", "for (;;) Math.sqrt(Math.random());"], { stdio: "ignore" });
}

/** GET /health one after the other until `done` settles; the latencies. */
async function probeHealth(url: string, done: Promise<unknown>): Promise<number[]> {
  const latencies: number[] = [];
  let running = true;
  void done.finally(() => {
    running = false;
  });
  while (running) {
    const started = performance.now();
    await (await fetch(`${url}/health`)).text();
    latencies.push(performance.now() - started);
    await new Promise((r) => setTimeout(r, 5));
  }
  return latencies;
}

async function benchStore(store: "sqlite" | "postgres"): Promise<Figures> {
  const dataDir = mkdtempSync(join(tmpdir(), "metabuild-bench-build-"));
  const cluster = store === "postgres" ? await benchPostgres() : undefined;
  try {
    const load = loadavg()[0];
    console.log(
      `bench/build (${store}): ${INSTANCES} instances × 20 rows, 2 templates; ${availableParallelism()} cores, load ${load.toFixed(1)}`,
    );
    const t = performance.now();
    const db = await openStore(
      cluster
        ? { kind: "postgres", url: cluster.url }
        : { kind: "sqlite", file: join(dataDir, "metabuild.db") },
    );
    const seed = await seedBasic(db);
    const catalog = await seedBuildCatalog(db, seed);
    const ids = await seedManyHubs(db, catalog, seed.dwh.id, INSTANCES);
    console.log(`seeded in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    const raw = await rawLiquidLoop(db, catalog.hub.id, ids);
    await closeStore(db);

    compileServer();
    const { child, url } = await startServer(dataDir, cluster?.url ?? "");
    const pid = child.pid as number;
    try {
      // Idle: what the server and its children hold once started and left alone.
      await new Promise((r) => setTimeout(r, 3000));
      const idleMiB = treeRssMiB(pid);
      const signIn = await fetch(`${url}/authentication`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          strategy: "local",
          email: "ann@acme.test",
          password: TEST_PASSWORD,
        }),
      });
      const { accessToken } = (await signIn.json()) as { accessToken: string };
      const headers = {
        Authorization: `Bearer ${accessToken}`,
        "Content-Type": "application/json",
      };
      const build = (instances: unknown[]) =>
        fetch(`${url}/api/v1/builds`, {
          method: "POST",
          headers,
          body: JSON.stringify({ project: "DWH", wait: true, instances }),
        }).then(async (r) => ((await r.json()) as { build: Build }).build);
      const timed = async () => {
        const started = performance.now();
        const result = await build([{ pattern: "HUB", folder: "/bulk", name: "*" }]);
        if (result.status !== "FINISHED")
          throw new Error(`build ended ${result.status}: ${result.message}`);
        return { result, ms: performance.now() - started };
      };

      // Warm-up: the first build starts the render workers.
      await build([{ id: catalog.customer.id }]);
      const watch = new TreeWatch(pid).start();
      const building = timed();
      const health = await probeHealth(url, building);
      const { result, ms: buildMs } = await building;
      watch.stop();

      const zip = await fetch(`${url}/api/v1/downloads/${result.downloads[0].id}`, { headers });
      const archive = Buffer.from(await zip.arrayBuffer());
      const files = (await readArchive(archive)).size;
      console.log(`archive ${(archive.length / MiB).toFixed(1)} MiB, ${files} entries`);

      let competitorMs: number | undefined;
      if (args.competitor) {
        const competitor = startCompetitor();
        try {
          competitorMs = (await timed()).ms;
        } finally {
          competitor.kill("SIGKILL");
        }
      }
      watch.sample();
      const figures: Figures = {
        store,
        instances: INSTANCES,
        buildMs,
        rawMs: raw.ms,
        cpuS: watch.cpuSeconds,
        rawCpuS: raw.cpuS,
        cpuByKind: watch.cpuByKind(),
        peakMiB: watch.peakHwmMiB,
        idleMiB,
        healthP99Ms: percentile(health, 99),
        competitorMs,
        load,
      };
      printRun(figures);
      console.log(
        `  (${health.length} /health probes, max ${Math.max(...health).toFixed(1)} ms; ${watch.processes} processes; peak of the sampled RSS sum ${watch.peakSampledMiB.toFixed(0)} MiB)`,
      );
      return figures;
    } finally {
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
    }
  } finally {
    cluster?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  if (args.store === "both") {
    const passed = process.argv
      .slice(2)
      .filter((a, i, all) => a !== "--store" && all[i - 1] !== "--store");
    const f = await perStore<Figures>(fileURLToPath(import.meta.url), passed);
    printBoth(f.sqlite, f.postgres);
    return;
  }
  const figures = await benchStore(args.store as "sqlite" | "postgres");
  if (args["json-out"]) writeFileSync(args["json-out"], JSON.stringify(figures));
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
