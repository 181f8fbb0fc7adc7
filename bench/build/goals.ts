/** One bench/build run's figures (one store), and issue 26's goals printed next to them. */
export interface Figures {
  store: string;
  instances: number;
  buildMs: number;
  rawMs: number;
  /** CPU seconds of every process of the server during the build, and of the raw loop. */
  cpuS: number;
  rawCpuS: number;
  cpuByKind: string;
  /** Sum of the peaks (VmHWM) of the server and every process it ran during the bench. */
  peakMiB: number;
  /** Resident memory of the server's process tree, idle after start. */
  idleMiB: number;
  healthP99Ms: number;
  /** The same build with a CPU-bound competitor process running (--competitor). */
  competitorMs?: number;
  load: number;
}

const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const verdict = (ok: boolean) => (ok ? "met" : "MISSED");

/** [label, figure, goal] rows of one store's run. */
export function goalRows(f: Figures): [string, string, string][] {
  const ratio = f.buildMs / f.rawMs;
  const cpu = f.cpuS / f.rawCpuS;
  const ips = Math.round(f.instances / (f.buildMs / 1000));
  const rows: [string, string, string][] = [
    ["raw LiquidJS loop (1 thread)", s(f.rawMs), `${Math.round(f.instances / (f.rawMs / 1000))}/s`],
    ["build, wait: true, end to end", s(f.buildMs), `${ips} instances/s`],
    ["build ÷ raw loop", `${ratio.toFixed(2)}×`, `goal ≤ 1.0× (${verdict(ratio <= 1.0)})`],
    [
      "CPU of all processes ÷ raw loop's",
      `${cpu.toFixed(2)}×`,
      `${f.cpuS.toFixed(1)} s vs ${f.rawCpuS.toFixed(1)} s; goal ≤ 1.3× (${verdict(cpu <= 1.3)})`,
    ],
    ["  CPU by process (s)", "", f.cpuByKind],
    [
      "peak memory, all processes",
      `${f.peakMiB.toFixed(0)} MiB`,
      `sum of VmHWM; goal < 600 MiB (${verdict(f.peakMiB < 600)})`,
    ],
    [
      "idle memory, all processes",
      `${f.idleMiB.toFixed(0)} MiB`,
      `RSS after start; goal < 300 MiB (${verdict(f.idleMiB < 300)})`,
    ],
    [
      "GET /health p99 during the build",
      `${f.healthP99Ms.toFixed(1)} ms`,
      `goal < 20 ms (${verdict(f.healthP99Ms < 20)})`,
    ],
  ];
  if (f.competitorMs !== undefined) {
    const c = f.competitorMs / f.rawMs;
    rows.push([
      "with a CPU-bound competitor ÷ raw",
      `${c.toFixed(2)}×`,
      `${s(f.competitorMs)}, ${(f.competitorMs / f.buildMs).toFixed(2)}× the quiet build; goal ≤ 1.5× (${verdict(c <= 1.5)})`,
    ]);
  }
  return rows;
}

export function printRun(f: Figures): void {
  console.log(`results (${f.store}, load ${f.load.toFixed(1)} at the start)`);
  for (const [label, value, goal] of goalRows(f))
    console.log(`  ${label.padEnd(36)} ${value.padStart(10)}  ${goal}`);
}

export function printBoth(sqlite: Figures, postgres: Figures): void {
  console.log(`\nbench/build, both stores in one run (${sqlite.instances} instances)`);
  const a = goalRows(sqlite);
  const b = goalRows(postgres);
  console.log(`  ${"".padEnd(36)} ${"SQLite".padStart(10)} ${"PostgreSQL".padStart(10)}`);
  const verdictOf = (goal: string) => /\((met|MISSED)\)$/.exec(goal)?.[1];
  for (const [i, [label, value, goal]] of a.entries()) {
    const both = verdictOf(goal) ? ` (${verdictOf(goal)}, ${verdictOf(b[i][2])})` : "";
    const text = goal.replace(/ \((met|MISSED)\)$/, "") + both;
    console.log(`  ${label.padEnd(36)} ${value.padStart(10)} ${b[i][1].padStart(10)}  ${text}`);
  }
  const ratio = postgres.buildMs / sqlite.buildMs;
  console.log(
    `  ${"PostgreSQL build ÷ SQLite's".padEnd(36)} ${"".padStart(10)} ${`${ratio.toFixed(2)}×`.padStart(10)}  goal ≤ 1.2× (${verdict(ratio <= 1.2)})`,
  );
}
