/**
 * The reference cells of an instance's rows and what they resolve to
 * (docs/lineage.md "References"). Pure: the caller looks the named targets
 * up (all at once) and passes them in.
 */
import { cellOf } from "../instance-model/cells.ts";
import type { MetadataRow, ValidationIssue } from "../validation.ts";
import { type ReferenceText, parseReference, referenceKey } from "./reference-text.ts";

export interface ReferenceProperty {
  name: string;
  /** The pattern names it may point to. */
  references: readonly string[];
}

/** One non-empty reference cell. */
export interface ReferenceCell {
  /** 0-based index of the row in `@POS_NO` order. */
  row: number;
  property: string;
  text: string;
  parsed: { ok: true; ref: ReferenceText } | { ok: false; problem: string };
}

/** A target as looked up: its id, whether it is deleted and (for `#ROW`) its row names. */
export interface ReferenceTarget {
  id: number;
  deleted: boolean;
  rowNames?: ReadonlySet<string>;
}

/** One resolved reference: an edge of the lineage graph. */
export interface ReferenceEdge {
  row: number;
  property: string;
  targetId: number;
  targetRow: string | null;
}

export function referenceCells(
  rows: readonly MetadataRow[],
  properties: readonly ReferenceProperty[],
): ReferenceCell[] {
  const cells: ReferenceCell[] = [];
  rows.forEach((row, index) => {
    for (const p of properties) {
      const text = cellOf(row, p.name);
      if (text === null || text === undefined || text.trim() === "") continue;
      cells.push({
        row: index,
        property: p.name,
        text,
        parsed: parseReference(text, p.references),
      });
    }
  });
  return cells;
}

/**
 * The edges of the cells that resolve, and one issue per cell that does not:
 * bad text, a pattern the property does not allow, a missing or deleted
 * target, a `#ROW` the target lacks. `find` answers by `referenceKey`.
 */
export function resolveReferenceCells(
  cells: readonly ReferenceCell[],
  find: (key: string) => ReferenceTarget | undefined,
): { edges: ReferenceEdge[]; issues: ValidationIssue[] } {
  const edges: ReferenceEdge[] = [];
  const issues: ValidationIssue[] = [];
  for (const cell of cells) {
    const label = `Row ${cell.row + 1}: ${cell.property}`;
    const issue = (message: string) =>
      issues.push({ row: cell.row, column: cell.property, message: `${label} ${message}` });
    if (!cell.parsed.ok) {
      issue(cell.parsed.problem);
      continue;
    }
    const { ref } = cell.parsed;
    const target = find(referenceKey(ref.pattern, ref.folder, ref.name));
    if (!target) {
      issue(`references '${cell.text.trim()}', which does not exist`);
      continue;
    }
    // Deleted targets keep their edge: restoring the target mends the reference.
    edges.push({ row: cell.row, property: cell.property, targetId: target.id, targetRow: ref.row });
    if (target.deleted) issue(`references '${cell.text.trim()}', which is deleted`);
    else if (ref.row !== null && target.rowNames && !target.rowNames.has(ref.row))
      issue(`references row '${ref.row}' of '${cell.text.trim()}', which has no such row`);
  }
  return { edges, issues };
}
