import {
  BUNDLE_PLAN_KINDS,
  type BundlePlanAction,
  type BundlePlanChange,
  type BundlePlanCount,
  type BundlePlanCustomer,
  type BundlePlanItem,
} from "@metabuild/contract";
import type { ExportedCustomer } from "./export.ts";
import { type PlanEntry, SECRET_FIELD, type Shown, flattenCustomer } from "./plan-flatten.ts";

/** Changes listed per item, and in the whole plan; the rest are counted (`more_changes`). */
export const PLAN_CHANGES_PER_ITEM = 50;
export const PLAN_CHANGES_TOTAL = 10_000;

/** What a new record's listing leaves out: fields at their defaults. */
const isDefault = (v: Shown) => v === null || v === "" || v === "false" || v === "[]";

/** A secret's change, without its value: `(set)` / `(changed)`. */
function masked(field: string, before: Shown, after: Shown): BundlePlanChange {
  if (!SECRET_FIELD.test(field)) return { field, before, after };
  return {
    field,
    before: before === null ? null : "(set)",
    after: after === null ? null : before === null ? "(set)" : "(changed)",
  };
}

function fieldChanges(before: PlanEntry | undefined, after: PlanEntry | undefined) {
  const out: BundlePlanChange[] = [];
  const names = new Set([...(before?.fields.keys() ?? []), ...(after?.fields.keys() ?? [])]);
  for (const field of names) {
    const b = before?.fields.get(field) ?? null;
    const a = after?.fields.get(field) ?? null;
    if (b === a) continue;
    if (!before && isDefault(a)) continue;
    if (!after && isDefault(b)) continue;
    out.push(masked(field, b, a));
  }
  return out;
}

/**
 * The plan of one customer: its export before and after the import, compared
 * record by record (docs/bundles.md, "Over HTTP"). `before` is undefined for a
 * new customer. `budget` is shared by the customers of one plan.
 */
export function diffCustomer(
  before: ExportedCustomer | undefined,
  after: ExportedCustomer,
  budget: { left: number },
): BundlePlanCustomer {
  const was = before ? flattenCustomer(before) : new Map<string, PlanEntry>();
  const now = flattenCustomer(after);
  const counts = new Map<string, BundlePlanCount>(
    BUNDLE_PLAN_KINDS.map((kind) => [
      kind,
      { kind, created: 0, changed: 0, removed: 0, unchanged: 0 },
    ]),
  );
  const items: BundlePlanItem[] = [];
  const keys = [...now.keys(), ...[...was.keys()].filter((k) => !now.has(k))];
  for (const key of keys) {
    const b = was.get(key);
    const a = now.get(key);
    const entry = (a ?? b) as PlanEntry;
    const count = counts.get(entry.kind) as BundlePlanCount;
    if (b?.digest !== undefined && b.digest === a?.digest) {
      count.unchanged++;
      continue;
    }
    const changes = fieldChanges(b, a);
    const action: BundlePlanAction | undefined = !b
      ? "created"
      : !a
        ? "removed"
        : changes.length > 0
          ? "changed"
          : undefined;
    if (!action) {
      count.unchanged++;
      continue;
    }
    count[action]++;
    const listed = Math.max(0, Math.min(changes.length, PLAN_CHANGES_PER_ITEM, budget.left));
    budget.left -= listed;
    items.push({
      kind: entry.kind,
      name: entry.name,
      ...(entry.project !== undefined && { project: entry.project }),
      action,
      changes: changes.slice(0, listed),
      ...(listed < changes.length && { more_changes: changes.length - listed }),
    });
  }
  const order = (i: BundlePlanItem) => BUNDLE_PLAN_KINDS.indexOf(i.kind);
  items.sort((x, y) => order(x) - order(y));
  return { customer: after.customer, counts: [...counts.values()], items };
}
