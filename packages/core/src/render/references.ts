/**
 * What a template sees of a reference cell (docs/lineage.md "Templates"):
 * the target instance, printing as its name, with `.name`, `.folder`,
 * `.pattern`, `.vars` (its own resolved variables), `.rows` and, for a
 * `#ROW` reference, `.row`. Built inside the renderer from plain data, since
 * class instances do not cross the worker boundary.
 */
import { type HeaderRow, POS_NO_COLUMN, rowsByHeader } from "../instance-header.ts";

/** A referenced instance as the build loads it (set-based, once per chunk). */
export interface ReferencedInstance {
  id: number;
  name: string;
  folder: string;
  pattern: string;
  /** The target pattern's `@POS_NO`, property and role names. */
  header: string[];
  /** JSON array of `[pos_no, cells]` pairs, like InstanceInput.rowsJson. */
  rowsJson: string;
  vars: Record<string, string | null>;
}

/** The references of one instance: its targets by id and which cell points where. */
export interface InstanceReferences {
  targets: Record<string, ReferencedInstance>;
  /** `[pos_no, property, target id, target row]` per reference cell. */
  cells: [number, string, number, string | null][];
}

export class ReferenceValue {
  readonly id: number;
  readonly name: string;
  readonly folder: string;
  readonly pattern: string;
  readonly vars: Record<string, string | null>;
  readonly rows: HeaderRow[];
  /** The row a `#ROW` reference names (by the target's first property), else null. */
  readonly row: HeaderRow | null;

  constructor(target: ReferencedInstance, rows: HeaderRow[], rowName: string | null) {
    this.id = target.id;
    this.name = target.name;
    this.folder = target.folder;
    this.pattern = target.pattern;
    this.vars = target.vars;
    this.rows = rows;
    const nameColumn = target.header.find((c) => c !== POS_NO_COLUMN);
    this.row =
      rowName === null || nameColumn === undefined
        ? null
        : (rows.find((r) => String(r[nameColumn] ?? "").trim() === rowName) ?? null);
  }

  /** `{{ row.REF }}` prints the target's name (LiquidJS outputs objects through these). */
  toString(): string {
    return this.name;
  }
  valueOf(): string {
    return this.name;
  }
}

/** Replaces the reference cells of `rows` (by `@POS_NO` and property) with their targets. */
export function attachReferences(rows: HeaderRow[], references: InstanceReferences): void {
  const parsed = new Map<number, HeaderRow[]>();
  const rowsOf = (t: ReferencedInstance) => {
    let found = parsed.get(t.id);
    if (!found) {
      const stored = JSON.parse(t.rowsJson) as [number, Record<string, unknown>][];
      found = rowsByHeader(
        t.header,
        stored.map(([posNo, data]) => ({ posNo, data })),
      );
      parsed.set(t.id, found);
    }
    return found;
  };
  const byPosition = new Map(rows.map((r) => [r[POS_NO_COLUMN], r]));
  for (const [posNo, property, targetId, targetRow] of references.cells) {
    const row = byPosition.get(posNo);
    const target = references.targets[String(targetId)];
    if (!row || !target) continue;
    (row as Record<string, unknown>)[property] = new ReferenceValue(
      target,
      rowsOf(target),
      targetRow,
    );
  }
}
