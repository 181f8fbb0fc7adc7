/** One row of an instance: keys are property and role names, optionally `@POS_NO`. */
export type MetadataCells = Record<string, string | null>;

export const INSTANCE_FLAGS = [
  "deleted",
  "upload_disabled",
  "insert_disabled",
  "build_disabled",
  "edit_disabled",
] as const;
export type InstanceFlag = (typeof INSTANCE_FLAGS)[number];
export type InstanceFlags = Record<InstanceFlag, boolean>;
export const NO_FLAGS = Object.fromEntries(INSTANCE_FLAGS.map((f) => [f, false])) as InstanceFlags;

/** What a commit keeps of an instance, before and after a change (JSON in `commits`). */
export interface InstanceState {
  rows: MetadataCells[];
  description: string | null;
  release_id: number | null;
  labels: string[];
  flags: InstanceFlags;
}

/** How people see an instance in messages: its full path. */
export function instancePath(folder: string, name: string): string {
  return folder === "/" ? `/${name}` : `${folder}/${name}`;
}

/**
 * The cell of `column`, never a member every plain object inherits: a column
 * may be named `toString` or `constructor` (docs/limits.md "Characters of names").
 */
export function cellOf<T>(row: Readonly<Record<string, T>>, column: string): T | undefined {
  return Object.hasOwn(row, column) ? row[column] : undefined;
}

/** Cells as stored: exactly the pattern's columns in header order; empty text is null. */
export function toStoredCells(
  row: Record<string, unknown>,
  columns: readonly string[],
): MetadataCells {
  const out: MetadataCells = {};
  for (const c of columns) {
    const v = cellOf(row, c);
    out[c] = v === undefined || v === null || v === "" ? null : String(v);
  }
  return out;
}
