/**
 * Unified diffs of two texts (Myers' O(ND) algorithm), as `diff -u` and git
 * print them. Used to compare the files of two builds.
 */

type Op = { kind: " " | "-" | "+"; line: string };

const NO_NEWLINE = "\n\\ No newline at end of file";

function lines(text: string): string[] {
  if (text === "") return [];
  const parts = text.split("\n");
  if (parts[parts.length - 1] === "") parts.pop();
  // A last line without newline differs from one with; the marker prints like diff's.
  else parts[parts.length - 1] += NO_NEWLINE;
  return parts;
}

/** The edit script from a to b, or null when it needs more than maxEdits edits. */
function editScript(a: string[], b: string[], maxEdits: number): Op[] | null {
  const n = a.length;
  const m = b.length;
  const max = n + m;
  const offset = max + 1;
  const v = new Int32Array(2 * max + 3);
  // trace[d] holds v[-d..d] after round d, for walking back.
  const trace: Int32Array[] = [];
  for (let d = 0; d <= Math.min(max, maxEdits); d++) {
    for (let k = -d; k <= d; k += 2) {
      let x =
        k === -d || (k !== d && v[offset + k - 1] < v[offset + k + 1])
          ? v[offset + k + 1]
          : v[offset + k - 1] + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) {
        trace.push(v.slice(offset - d, offset + d + 1));
        return walkBack(trace, a, b);
      }
    }
    trace.push(v.slice(offset - d, offset + d + 1));
  }
  return null;
}

function walkBack(trace: Int32Array[], a: string[], b: string[]): Op[] {
  const ops: Op[] = [];
  let x = a.length;
  let y = b.length;
  for (let d = trace.length - 1; d > 0; d--) {
    const prev = trace[d - 1];
    const at = (k: number) => prev[k + d - 1];
    const k = x - y;
    const prevK = k === -d || (k !== d && at(k - 1) < at(k + 1)) ? k + 1 : k - 1;
    const prevX = at(prevK);
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      y--;
      ops.push({ kind: " ", line: a[--x] });
    }
    if (x === prevX) ops.push({ kind: "+", line: b[--y] });
    else ops.push({ kind: "-", line: a[--x] });
  }
  while (x > 0 && y > 0) {
    y--;
    ops.push({ kind: " ", line: a[--x] });
  }
  return ops.reverse();
}

function range(start: number, count: number): string {
  // diff -u writes an empty range as the line before it.
  const first = count === 0 ? start : start + 1;
  return count === 1 ? `${first}` : `${first},${count}`;
}

export interface DiffOptions {
  fromName?: string;
  toName?: string;
  context?: number;
  /** Give up (null) beyond this many edited lines. */
  maxEdits?: number;
}

/** `diff -u` of two texts; "" when they are equal, null when the diff is too large. */
export function unifiedDiff(from: string, to: string, options: DiffOptions = {}): string | null {
  const { fromName = "a", toName = "b", context = 3, maxEdits = 5000 } = options;
  if (from === to) return "";
  const ops = editScript(lines(from), lines(to), maxEdits);
  if (!ops) return null;
  const out = [`--- ${fromName}`, `+++ ${toName}`];
  const changed = ops.map((o, i) => (o.kind === " " ? -1 : i)).filter((i) => i >= 0);
  let h = 0;
  while (h < changed.length) {
    // Group changes whose gap is small enough to share context.
    let end = h;
    while (end + 1 < changed.length && changed[end + 1] - changed[end] <= 2 * context) end++;
    const lo = Math.max(0, changed[h] - context);
    const hi = Math.min(ops.length - 1, changed[end] + context);
    let aStart = 0;
    let bStart = 0;
    for (let i = 0; i < lo; i++) {
      if (ops[i].kind !== "+") aStart++;
      if (ops[i].kind !== "-") bStart++;
    }
    const body = ops.slice(lo, hi + 1);
    const aCount = body.filter((o) => o.kind !== "+").length;
    const bCount = body.filter((o) => o.kind !== "-").length;
    out.push(`@@ -${range(aStart, aCount)} +${range(bStart, bCount)} @@`);
    for (const o of body) out.push(`${o.kind}${o.line}`);
    h = end + 1;
  }
  return `${out.join("\n")}\n`;
}
