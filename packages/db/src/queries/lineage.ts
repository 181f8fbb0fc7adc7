import { and, eq, gte, inArray, lt, or, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { storeTurn } from "../client.ts";
import { tablesOf } from "../store.ts";

/**
 * The lineage graph's reads (docs/lineage.md "The graph"): edges of
 * instance_references turned the way the graph points, from the referenced
 * instance (`from`) to the one whose row references it (`to`).
 */
export interface LineageEdgeRow {
  from: number;
  to: number;
  property: string;
  /** The referencing row's @POS_NO. */
  toPosNo: number;
  /** The target's row name for a column-level reference, else null. */
  fromRow: string | null;
}

export interface LineageNodeRow {
  id: number;
  patternId: number;
  pattern: string;
  folder: string;
  name: string;
  errors: number;
  deleted: number;
  buildDisabled: number;
  version: number;
}

/** One reference cell as the instance writer keeps it (instance_references). */
export interface ReferenceRow {
  projectId: number;
  sourceInstanceId: number;
  property: string;
  sourcePosNo: number;
  targetInstanceId: number;
  targetRow?: string | null;
}

// Both stores take this many bound values in one statement with room to spare.
const ID_CHUNK = 1000;

function edgeColumns(db: Db) {
  const { instanceReferences: r } = tablesOf(db);
  return {
    from: r.targetInstanceId,
    to: r.sourceInstanceId,
    property: r.property,
    toPosNo: r.sourcePosNo,
    fromRow: r.targetRow,
  };
}

/** Every edge of a project. */
export async function projectLineageEdges(db: Db, projectId: number): Promise<LineageEdgeRow[]> {
  await storeTurn(db);
  const { instanceReferences: r } = tablesOf(db);
  return await db.select(edgeColumns(db)).from(r).where(eq(r.projectId, projectId)).orderBy(r.id);
}

/**
 * The edges touching `ids` on one side: `upstream` the references those
 * instances hold (their rows name the `from` end), `downstream` the references
 * to them.
 */
export async function lineageEdgesAt(
  db: Db,
  projectId: number,
  ids: readonly number[],
  side: "upstream" | "downstream",
): Promise<LineageEdgeRow[]> {
  await storeTurn(db);
  const { instanceReferences: r } = tablesOf(db);
  const column = side === "upstream" ? r.sourceInstanceId : r.targetInstanceId;
  // `+project_id` keeps the project's index out of the plan: without
  // statistics SQLite chose it and read all of a project's edges at every
  // step of a walk (docs/performance.md "Lineage"). The ids pick the edges.
  const inProject = sql`+${r.projectId} = ${projectId}`;
  const result: LineageEdgeRow[] = [];
  for (let i = 0; i < ids.length; i += ID_CHUNK) {
    const chunk = ids.slice(i, i + ID_CHUNK);
    result.push(
      ...(await db
        .select(edgeColumns(db))
        .from(r)
        .where(and(inProject, inArray(column, chunk)))),
    );
  }
  return result;
}

/** The graph's nodes: the given instances of the project, or all of them. */
export async function lineageNodes(
  db: Db,
  projectId: number,
  ids?: readonly number[],
): Promise<LineageNodeRow[]> {
  await storeTurn(db);
  const { instances: i, patterns: p, instanceFolders: f } = tablesOf(db);
  const select = () =>
    db
      .select({
        id: i.id,
        patternId: i.patternId,
        pattern: p.name,
        folder: f.path,
        name: i.name,
        errors: i.errors,
        deleted: i.deleted,
        buildDisabled: i.buildDisabled,
        version: i.version,
      })
      .from(i)
      .innerJoin(p, eq(p.id, i.patternId))
      .innerJoin(f, eq(f.id, i.instanceFolderId));
  if (ids === undefined) return await select().where(eq(i.projectId, projectId)).orderBy(i.id);
  const result: LineageNodeRow[] = [];
  for (let at = 0; at < ids.length; at += ID_CHUNK)
    result.push(
      ...(await select().where(
        and(eq(i.projectId, projectId), inArray(i.id, ids.slice(at, at + ID_CHUNK))),
      )),
    );
  return result.sort((a, b) => a.id - b.id);
}

/**
 * Adds reference rows as they are (no check of the instances): for tests and
 * benchmarks that seed a graph; the instance writer keeps them in the product.
 */
export async function insertReferenceRows(db: Db, rows: readonly ReferenceRow[]): Promise<void> {
  await storeTurn(db);
  const { instanceReferences: r } = tablesOf(db);
  for (let at = 0; at < rows.length; at += 500)
    await db
      .insert(r)
      .values(
        rows.slice(at, at + 500).map((row) => ({ ...row, targetRow: row.targetRow ?? null })),
      );
}

/**
 * The non-deleted instances of a pattern in a project, in folder `folder` and
 * below it (`/` or undefined: every folder), in id order.
 */
export async function instanceIdsOfPatternBelow(
  db: Db,
  projectId: number,
  patternId: number,
  folder?: string,
): Promise<number[]> {
  await storeTurn(db);
  const { instances: i, instanceFolders: f } = tablesOf(db);
  const where = [eq(i.projectId, projectId), eq(i.patternId, patternId), eq(i.deleted, 0)];
  // `/x` and every path from `/x/` to `/x0` (`0` follows `/` in byte order).
  if (folder !== undefined && folder !== "/")
    where.push(
      or(eq(f.path, folder), and(gte(f.path, `${folder}/`), lt(f.path, `${folder}0`))) as never,
    );
  const rows = await db
    .select({ id: i.id })
    .from(i)
    .innerJoin(f, eq(f.id, i.instanceFolderId))
    .where(and(...where))
    .orderBy(i.id);
  return rows.map((r) => r.id);
}
