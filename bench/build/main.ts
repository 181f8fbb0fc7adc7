/**
 * bench/build: 10,000 instances × 20 rows of one pattern with two templates,
 * built end to end with `wait: true` against a real server process (SQLite
 * file, render workers), next to a raw LiquidJS loop rendering the same
 * templates over the same data in this process. Prints the build time, the
 * ratio, instances/s, the peak memory of the server and of its worker
 * processes, and the p99 of GET /health while the build runs.
 *
 *   pnpm --filter @metabuild/bench build      (or: npx tsx bench/build/main.ts)
 *     [--store sqlite|postgres|both]
 *
 * --store postgres runs the server on a private PostgreSQL cluster
 * (docs/stores.md); both runs each store in turn and prints them side by
 * side, with PostgreSQL's build time as a ratio of SQLite's (goal ≤ 1.5×).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
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
  loadRenderInstances,
  openStore,
  loadPatternColumns,
  patternTemplates,
} from "@metabuild/db";
import { seedBuildCatalog, seedManyHubs } from "@metabuild/server/testing/builds-fixture";
import { TEST_PASSWORD, seedBasic } from "@metabuild/server/testing/harness";
import { Liquid } from "liquidjs";
import { benchPostgres, perStore } from "../postgres.ts";

const { values: args } = parseArgs({
  options: { store: { type: "string", default: "sqlite" }, "json-out": { type: "string" } },
});
if (!["sqlite", "postgres", "both"].includes(args.store as string))
  throw new Error("--store is sqlite, postgres or both");

interface Figures {
  buildMs: number;
  rawMs: number;
  peakMiB: number;
}

/** BENCH_INSTANCES overrides the size for a quick look; the figures in the README use 10,000. */
const INSTANCES = Number(process.env.BENCH_INSTANCES ?? 10_000);
const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..", "..");
const MiB = 1024 * 1024;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** The server's peak resident memory (kernel's VmHWM; includes its worker threads). */
function peakRssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/** The server and every process it started (render workers, SQL executors), by /proc's ppid. */
function processTree(pid: number): number[] {
  const parentOf = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      parentOf.set(Number(entry), Number(stat.slice(stat.lastIndexOf(") ") + 2).split(" ")[1]));
    } catch {
      // The process ended meanwhile.
    }
  }
  const tree = [pid];
  for (let i = 0; i < tree.length; i++)
    for (const [child, parent] of parentOf) if (parent === tree[i]) tree.push(child);
  return tree;
}

/** Resident memory of the whole tree now (render workers are processes of their own). */
function treeRssMiB(pid: number): number {
  let kb = 0;
  for (const p of processTree(pid)) {
    try {
      kb += Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${p}/status`, "utf8"))?.[1] ?? 0);
    } catch {
      // The process ended meanwhile.
    }
  }
  return kb / 1024;
}

function startServer(
  dataDir: string,
  databaseUrl: string,
): Promise<{ child: ChildProcess; url: string }> {
  // BENCH_PROFILE=dir writes a CPU profile of the server's main thread there.
  const profile = process.env.BENCH_PROFILE
    ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_PROFILE}`]
    : [];
  const child = spawn(
    process.execPath,
    [...profile, "--import", "tsx", join(root, "apps/server/src/cli/main.ts"), "serve"],
    {
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
    },
  );
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

/** CPU seconds (user + system, all threads) the process has used so far. */
function cpuSecondsOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    // utime and stime are fields 14 and 15 of stat(5), in clock ticks (100 per second here).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** CPU seconds of the server and its worker processes (those alive now). */
function cpuSeconds(pid: number): number {
  return processTree(pid).reduce((sum, p) => sum + cpuSecondsOf(p), 0);
}

/**
 * CPU seconds per thread: the main thread by name, the others (render workers,
 * V8's GC helpers, libuv's pool: all called "node") by thread id.
 */
function cpuByThread(pid: number): Map<string, number> {
  const out = new Map<string, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8");
      const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      const f = stat.slice(stat.lastIndexOf(") ") + 2).split(" ");
      const key = tid === String(pid) ? "main" : `${name}:${tid}`;
      out.set(key, (out.get(key) ?? 0) + (Number(f[11]) + Number(f[12])) / 100);
    } catch {
      // The thread ended meanwhile.
    }
  }
  return out;
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

async function main() {
  if (args.store === "both") {
    const passed = process.argv
      .slice(2)
      .filter((a, i, all) => a !== "--store" && all[i - 1] !== "--store");
    const f = await perStore<Figures>(fileURLToPath(import.meta.url), passed);
    const line = (label: string, a: string, b: string, goal = "") =>
      console.log(`  ${label.padEnd(30)} ${a.padStart(10)} ${b.padStart(12)}  ${goal}`);
    console.log(`\nbench/build, both stores in one run (${INSTANCES} instances)`);
    line("", "SQLite", "PostgreSQL");
    const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
    line("build, wait: true, end to end", s(f.sqlite.buildMs), s(f.postgres.buildMs));
    line("raw LiquidJS loop", s(f.sqlite.rawMs), s(f.postgres.rawMs));
    line(
      "server peak memory",
      `${f.sqlite.peakMiB.toFixed(0)} MiB`,
      `${f.postgres.peakMiB.toFixed(0)} MiB`,
    );
    const ratio = f.postgres.buildMs / f.sqlite.buildMs;
    line(
      "PostgreSQL build ÷ SQLite's",
      "",
      `${ratio.toFixed(2)}×`,
      `goal ≤ 1.5× (${ratio <= 1.5 ? "met" : "MISSED"})`,
    );
    return;
  }
  const dataDir = mkdtempSync(join(tmpdir(), "metabuild-bench-build-"));
  const dbFile = join(dataDir, "metabuild.db");
  const cluster = args.store === "postgres" ? await benchPostgres() : undefined;
  try {
    console.log(
      `bench/build: ${INSTANCES} instances × 20 rows, 2 templates; ${availableParallelism()} cores, load ${loadavg()[0].toFixed(1)}`,
    );
    let t = performance.now();
    const db = await openStore(
      cluster ? { kind: "postgres", url: cluster.url } : { kind: "sqlite", file: dbFile },
    );
    const seed = await seedBasic(db);
    const catalog = await seedBuildCatalog(db, seed);
    const ids = await seedManyHubs(db, catalog, seed.dwh.id, INSTANCES);
    console.log(`seeded in ${((performance.now() - t) / 1000).toFixed(1)} s (${args.store})`);

    const raw = await rawLiquidLoop(db, catalog.hub.id, ids);
    await closeStore(db);
    const rawMs = raw.ms;

    const { child, url } = await startServer(dataDir, cluster?.url ?? "");
    try {
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

      // Warm-up: the render workers load their code once per server start.
      await build([{ id: catalog.customer.id }]);

      let treePeak = 0;
      /** GET /health one after the other until `done` resolves; the latencies. */
      const probe = async (done: Promise<unknown>) => {
        const latencies: number[] = [];
        let running = true;
        void done.finally(() => {
          running = false;
        });
        while (running) {
          treePeak = Math.max(treePeak, treeRssMiB(child.pid as number));
          const s = performance.now();
          await (await fetch(`${url}/health`)).text();
          latencies.push(performance.now() - s);
          await new Promise((r) => setTimeout(r, 5));
        }
        return latencies;
      };
      // The same probe on the idle server: what the machine itself adds.
      const idle = await probe(new Promise((r) => setTimeout(r, 3000)));
      const serverCpuBefore = cpuSeconds(child.pid as number);
      const threadsBefore = cpuByThread(child.pid as number);
      t = performance.now();
      const building = build([{ pattern: "HUB", folder: "/bulk", name: "*" }]).then((b) => ({
        result: b,
        buildMs: performance.now() - t,
      }));
      const health = await probe(building);
      const { result, buildMs } = await building;
      const buildCpuS = cpuSeconds(child.pid as number) - serverCpuBefore;
      const threadCpu = [...cpuByThread(child.pid as number)]
        .map(([name, s]) => [name, s - (threadsBefore.get(name) ?? 0)] as const)
        .filter(([, s]) => s >= 0.05)
        .sort((a, b) => b[1] - a[1])
        .map(([name, s]) => `${name.startsWith("main") ? "main " : ""}${s.toFixed(1)}`)
        .join(", ");
      if (result.status !== "FINISHED")
        throw new Error(`build ended ${result.status}: ${result.message}`);
      const zip = await fetch(`${url}/api/v1/downloads/${result.downloads[0].id}`, { headers });
      const archive = Buffer.from(await zip.arrayBuffer());
      const files = (await readArchive(archive)).size;
      const peak = peakRssMiB(child.pid as number);

      const row = (label: string, value: string, goal = "") =>
        console.log(`  ${label.padEnd(34)} ${value.padStart(12)}  ${goal}`);
      console.log("results");
      row(
        "raw LiquidJS loop (1 thread)",
        `${(rawMs / 1000).toFixed(2)} s`,
        `${Math.round(INSTANCES / (rawMs / 1000))} instances/s`,
      );
      row("build, wait: true, end to end", `${(buildMs / 1000).toFixed(2)} s`);
      row("build / raw loop", `${(buildMs / rawMs).toFixed(2)}×`, "goal ≤ 1.5×");
      row(
        "CPU: build (all threads) / raw",
        `${buildCpuS.toFixed(1)} s / ${raw.cpuS.toFixed(1)} s`,
        "(load-independent view)",
      );
      row("  CPU by thread (s)", "", threadCpu);
      row("instances/s", `${Math.round(INSTANCES / (buildMs / 1000))}`, "goal ≥ 2,500");
      row("server peak memory (VmHWM)", `${peak.toFixed(0)} MiB`, "goal < 1,024 MiB");
      row(
        "with its worker processes (RSS)",
        `${treePeak.toFixed(0)} MiB`,
        "goal < 1,024 MiB (peak of the sum, sampled)",
      );
      row(
        "GET /health p99 during the build",
        `${percentile(health, 99).toFixed(1)} ms`,
        `goal < 50 ms (${health.length} probes, max ${Math.max(...health).toFixed(1)} ms)`,
      );
      row(
        "GET /health p99, idle server",
        `${percentile(idle, 99).toFixed(1)} ms`,
        `(${idle.length} probes, same machine load)`,
      );
      row("archive", `${(archive.length / MiB).toFixed(1)} MiB`, `${files} entries`);
      const figures: Figures = { buildMs, rawMs, peakMiB: peak };
      if (args["json-out"]) writeFileSync(args["json-out"], JSON.stringify(figures));
    } finally {
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
    }
  } finally {
    cluster?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
