import type { InstanceRowValues } from "@metabuild/contract";

/**
 * A row-by-row comparison of two versions of an instance. Identical rows are
 * matched by a longest common subsequence; between two matches, rows are
 * paired in order as "changed" (their differing cells named), and what is
 * left over is "added" or "removed".
 */
export type RowChange =
  | { kind: "same"; before: InstanceRowValues; after: InstanceRowValues }
  | { kind: "changed"; before: InstanceRowValues; after: InstanceRowValues; cells: string[] }
  | { kind: "added"; after: InstanceRowValues }
  | { kind: "removed"; before: InstanceRowValues };

const text = (v: string | number | null | undefined) =>
  v === null || v === undefined ? "" : String(v);

function signature(row: InstanceRowValues, columns: readonly string[]): string {
  return JSON.stringify(columns.map((c) => text(row[c])));
}

/** Above this many row pairs the matching is by position only (keeps big instances quick). */
const LCS_LIMIT = 4_000_000;

function matches(a: string[], b: string[]): [number, number][] {
  if (a.length * b.length > LCS_LIMIT) return [];
  const n = a.length;
  const m = b.length;
  const table = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      table[i][j] =
        a[i] === b[j] ? table[i + 1][j + 1] + 1 : Math.max(table[i + 1][j], table[i][j + 1]);
  const pairs: [number, number][] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      pairs.push([i, j]);
      i++;
      j++;
    } else if (table[i + 1][j] >= table[i][j + 1]) i++;
    else j++;
  }
  return pairs;
}

export function diffRows(
  columns: readonly string[],
  before: readonly InstanceRowValues[],
  after: readonly InstanceRowValues[],
): RowChange[] {
  const out: RowChange[] = [];
  const a = before.map((r) => signature(r, columns));
  const b = after.map((r) => signature(r, columns));
  let i = 0;
  let j = 0;
  const gap = (toI: number, toJ: number) => {
    while (i < toI && j < toJ) {
      const cells = columns.filter((c) => text(before[i][c]) !== text(after[j][c]));
      out.push({ kind: "changed", before: before[i], after: after[j], cells });
      i++;
      j++;
    }
    while (i < toI) out.push({ kind: "removed", before: before[i++] });
    while (j < toJ) out.push({ kind: "added", after: after[j++] });
  };
  for (const [mi, mj] of matches(a, b)) {
    gap(mi, mj);
    out.push({ kind: "same", before: before[i++], after: after[j++] });
  }
  gap(before.length, after.length);
  return out;
}

/** "1 row changed, 2 added" — or "No differences". */
export function diffSummary(changes: readonly RowChange[]): string {
  const count = (k: RowChange["kind"]) => changes.filter((c) => c.kind === k).length;
  const parts = [
    [count("changed"), "changed"],
    [count("added"), "added"],
    [count("removed"), "removed"],
  ].filter(([n]) => (n as number) > 0);
  if (parts.length === 0) return "No differences";
  return parts
    .map(([n, what], i) => (i === 0 ? `${n} ${n === 1 ? "row" : "rows"} ${what}` : `${n} ${what}`))
    .join(", ");
}
