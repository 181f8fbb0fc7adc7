import { type SqlValue, asciiUpper } from "@metabuild/contract";
import {
  SqlError,
  type Translation,
  folderPathSegments,
  qualifiedName,
  rowsRenumbered,
} from "@metabuild/core";
import { type Db, findPatternByName } from "@metabuild/db";
import type { InstanceWrite, InstanceWriter, MetadataCells } from "../instances/writer.ts";
import { type WriteResult, checkWidth } from "./custom-table-writes.ts";
import type { ScriptJob } from "./run-script.ts";

type InstanceInsert = Extract<Translation, { kind: "insert" }>;

/** Columns that say which instance a row belongs to, not what it holds. */
const KEY_COLUMNS = new Set(["@PATTERN", "@FOLDER", "@INSTANCE", "@RELEASE", "@DELETED"]);

function text(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  return typeof v === "string" ? v : String(v);
}

interface Group {
  folder: string;
  name: string;
  rows: MetadataCells[];
  /** The statement's first row of the instance: the writer's refusals name it. */
  row: number;
  release?: { value: string | null; row: number };
  deleted?: { value: boolean; row: number };
}

/**
 * INSERT INTO @INSTANCES.<pattern>: rows are grouped by @FOLDER and
 * @INSTANCE, and each group creates that instance or replaces its rows as
 * one new version, through the same InstanceWriter as uploads (flags,
 * checkouts, validation, commits). The result lists each instance written.
 */
export async function writeInstances(
  db: Db,
  t: InstanceInsert,
  job: ScriptJob,
  writer: InstanceWriter,
  rowsOf: (q: { sql: string; params: SqlValue[] }) => Promise<unknown[][]>,
): Promise<WriteResult> {
  const label = qualifiedName("INSTANCES", t.target.name);
  const pattern = await findPatternByName(db, job.scope.customerId, t.target.name);
  if (!pattern) throw new SqlError(`Unknown table '${label}'`);
  const rows = await rowsOf(t.rows);
  checkWidth(rows, t.columns.length, label);
  if (!t.columns.includes("@INSTANCE"))
    throw new SqlError(`INSERT into ${label} needs the @INSTANCE column`);

  const groups = new Map<string, Group>();
  rows.forEach((values, k) => {
    const row = k + 1;
    const cell = (name: string) => {
      const i = t.columns.indexOf(name);
      return i < 0 ? undefined : values[i];
    };
    const name = text(cell("@INSTANCE"))?.trim() ?? "";
    if (name === "") throw new SqlError(`Row ${row}: @INSTANCE is required`);
    // Grouped by the folder's normal form; the writer checks it (and the name), naming the row.
    const folder = `/${folderPathSegments(text(cell("@FOLDER")) ?? "/").join("/")}`;
    const patternName = text(cell("@PATTERN"));
    if (
      patternName !== null &&
      cell("@PATTERN") !== undefined &&
      asciiUpper(patternName) !== asciiUpper(pattern.name)
    )
      throw new SqlError(`Row ${row}: @PATTERN is '${patternName}', but the rows go into ${label}`);
    const key = `${folder}\u0000${name}`;
    let group = groups.get(key);
    if (!group) {
      group = { folder, name, rows: [], row };
      groups.set(key, group);
    }
    const data: MetadataCells = {};
    t.columns.forEach((c, i) => {
      if (!KEY_COLUMNS.has(c)) data[c] = text(values[i]);
    });
    group.rows.push(data);
    agree(
      group,
      "release",
      cell("@RELEASE") === undefined ? undefined : text(cell("@RELEASE")),
      row,
    );
    const deleted = cell("@DELETED");
    agree(group, "deleted", deleted === undefined ? undefined : Boolean(Number(deleted)), row);
  });

  const out: unknown[][] = [];
  for (const g of groups.values()) {
    const input: InstanceWrite = {
      projectId: job.scope.projectId,
      patternId: pattern.id,
      folder: g.folder,
      name: g.name,
      // @POS_NO orders the rows; they are stored as 1…n (docs/metadata-sql.md).
      rows: rowsRenumbered(g.rows),
      where: { fields: { name: "@INSTANCE", folder: "@FOLDER" }, prefix: `Row ${g.row}` },
    };
    if (g.release) input.release = g.release.value;
    if (g.deleted) input.flags = { deleted: g.deleted.value };
    const outcome = await writer.write(job.actor, input, { source: "sql", overwrite: true });
    const row: unknown[] = [
      outcome.id,
      outcome.folder,
      outcome.name,
      outcome.status,
      outcome.version,
    ];
    // A dry run rolls back: a new instance's id would not exist; the row count is the plan's.
    if (job.dryRun) row.splice(0, 1, outcome.status === "INSERTED" ? null : outcome.id);
    out.push(job.dryRun ? [...row, g.rows.length] : row);
  }
  const columns = ["instance_id", "@FOLDER", "@INSTANCE", "status", "version"];
  return { columns: job.dryRun ? [...columns, "rows"] : columns, rows: out, truncated: false };
}

/** Instance-level values (@RELEASE, @DELETED) must be the same on every row of an instance. */
function agree<K extends "release" | "deleted">(
  group: Group,
  key: K,
  value: NonNullable<Group[K]>["value"] | undefined,
  row: number,
): void {
  if (value === undefined) return;
  const seen = group[key];
  if (!seen) {
    group[key] = { value, row } as Group[K];
    return;
  }
  if (seen.value !== value)
    throw new SqlError(
      `Rows ${seen.row} and ${row} of instance '${group.folder === "/" ? "" : group.folder}/${group.name}' disagree on @${key.toUpperCase()}`,
    );
}
