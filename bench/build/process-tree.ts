import { readFileSync, readdirSync } from "node:fs";

/**
 * CPU and memory of a process and every process it started (render workers,
 * SQL executors), from /proc. Children that come and go during a build are
 * caught by polling the tree (`sample()`), which also keeps each one's last
 * CPU reading, so a worker that ended mid-build still counts.
 */

/** Clock ticks per second of /proc's utime and stime (USER_HZ, 100 on Linux). */
const TICKS = 100;

interface Seen {
  /** utime + stime at the first sample, in ticks (0 for a process born after `start`). */
  first: number;
  last: number;
  /** VmHWM, kB: the process's own peak resident memory. */
  hwmKb: number;
  rssKb: number;
  name: string;
}

/** pid → ppid of every process now. */
function parents(): Map<number, number> {
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
  return parentOf;
}

/** The process and its descendants now. */
export function processTree(pid: number): number[] {
  const parentOf = parents();
  const tree = [pid];
  for (let i = 0; i < tree.length; i++)
    for (const [child, parent] of parentOf) if (parent === tree[i]) tree.push(child);
  return tree;
}

function read(pid: number): { ticks: number; hwmKb: number; rssKb: number; name: string } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const f = stat.slice(stat.lastIndexOf(") ") + 2).split(" ");
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ");
    const name = /render-worker/.test(cmdline)
      ? "render worker"
      : /executor/.test(cmdline)
        ? "executor"
        : /main\.js serve/.test(cmdline)
          ? "server"
          : "other";
    // utime and stime are fields 14 and 15 of stat(5).
    return { ticks: Number(f[11]) + Number(f[12]), hwmKb: kb("VmHWM"), rssKb: kb("VmRSS"), name };
  } catch {
    return null;
  }
}

/** Resident memory of the whole tree now, MiB. */
export function treeRssMiB(pid: number): number {
  return processTree(pid).reduce((kb, p) => kb + (read(p)?.rssKb ?? 0), 0) / 1024;
}

/** Watches a process tree over an interval: CPU used in it, peak memory. */
export class TreeWatch {
  private readonly seen = new Map<number, Seen>();
  private peakSumKb = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly root: number) {
    for (const p of processTree(root)) {
      const r = read(p);
      if (r) this.seen.set(p, { first: r.ticks, last: r.ticks, ...r });
    }
  }

  /** Polls every `ms` until `stop()`. */
  start(ms = 50): this {
    this.timer = setInterval(() => this.sample(), ms);
    return this;
  }

  sample(): void {
    let rssKb = 0;
    for (const p of processTree(this.root)) {
      const r = read(p);
      if (!r) continue;
      const s = this.seen.get(p);
      if (s) Object.assign(s, { last: r.ticks, hwmKb: r.hwmKb, rssKb: r.rssKb });
      else this.seen.set(p, { first: 0, last: r.ticks, ...r });
      rssKb += r.rssKb;
    }
    this.peakSumKb = Math.max(this.peakSumKb, rssKb);
  }

  stop(): void {
    clearInterval(this.timer);
    this.sample();
  }

  /** CPU seconds used since the watch began, over every process seen. */
  get cpuSeconds(): number {
    let ticks = 0;
    for (const s of this.seen.values()) ticks += s.last - s.first;
    return ticks / TICKS;
  }

  /** CPU seconds by kind of process ("server 1.2, render worker 2.3 (2)"). */
  cpuByKind(): string {
    const kinds = new Map<string, { s: number; n: number }>();
    for (const s of this.seen.values()) {
      const k = kinds.get(s.name) ?? { s: 0, n: 0 };
      k.s += (s.last - s.first) / TICKS;
      k.n++;
      kinds.set(s.name, k);
    }
    return [...kinds]
      .map(([name, k]) => `${name} ${k.s.toFixed(1)}${k.n > 1 ? ` (${k.n})` : ""}`)
      .join(", ");
  }

  /** Sum of every process's own peak (VmHWM): an upper bound of the tree's peak. */
  get peakHwmMiB(): number {
    let kb = 0;
    for (const s of this.seen.values()) kb += s.hwmKb;
    return kb / 1024;
  }

  /** Highest sum of resident memory seen at one sample. */
  get peakSampledMiB(): number {
    return this.peakSumKb / 1024;
  }

  get processes(): number {
    return this.seen.size;
  }
}
