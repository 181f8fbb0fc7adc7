import type { SqlValue } from "@metabuild/contract";

/**
 * @INFORMATION_SCHEMA.LINEAGE (docs/metadata-sql.md): one row per edge of the
 * project's lineage graph (docs/lineage.md), both ends named. The same text
 * runs on both stores; PostgreSQL's catalog casts the columns to its types.
 */
export const lineageViewColumns: Record<string, [unknown, string]> = {
  FROM_INSTANCE_ID: ["", "integer"],
  FROM_PATTERN: ["", "string"],
  FROM_FOLDER: ["", "string"],
  FROM_INSTANCE: ["", "string"],
  FROM_ROW: ["", "string"],
  TO_INSTANCE_ID: ["", "integer"],
  TO_PATTERN: ["", "string"],
  TO_FOLDER: ["", "string"],
  TO_INSTANCE: ["", "string"],
  PROPERTY: ["", "string"],
  TO_POS_NO: ["", "integer"],
};

const ENDS =
  "FROM instance_references r JOIN instances fi ON fi.id = r.target_instance_id JOIN patterns fp ON fp.id = fi.pattern_id JOIN instance_folders ff ON ff.id = fi.instance_folder_id JOIN instances ti ON ti.id = r.source_instance_id JOIN patterns tp ON tp.id = ti.pattern_id JOIN instance_folders tf ON tf.id = ti.instance_folder_id";

/** The view's SELECT; `cast(expression, type)` wraps each column for the store. */
export function lineageViewSql(
  projectId: number,
  cast: (expression: string, type: string) => string = (e) => e,
  projectParam = "?",
): { sql: string; params: SqlValue[] } {
  const expressions: [string, string][] = [
    ["fi.id", "integer"],
    ["fp.name", "string"],
    ["ff.path", "string"],
    ["fi.name", "string"],
    ["r.target_row", "string"],
    ["ti.id", "integer"],
    ["tp.name", "string"],
    ["tf.path", "string"],
    ["ti.name", "string"],
    ["r.property", "string"],
    ["r.source_pos_no", "integer"],
  ];
  const names = Object.keys(lineageViewColumns);
  const select = expressions.map(([e, type], k) => `${cast(e, type)} AS "${names[k]}"`).join(", ");
  return {
    sql: `SELECT ${select} ${ENDS} WHERE r.project_id = ${projectParam} AND fi.project_id = r.project_id AND ti.project_id = r.project_id`,
    params: [projectId],
  };
}
