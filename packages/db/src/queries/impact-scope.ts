import { and, eq } from "drizzle-orm";
import type { Db } from "../client.ts";
import { storeTurn } from "../client.ts";
import { tablesOf } from "../store.ts";

/**
 * The live (non-deleted) instances of a pattern in every project, by project
 * then id: what a pattern save may render differently (docs/lineage.md "Impact").
 */
export async function liveInstancesOfPattern(
  db: Db,
  patternId: number,
): Promise<{ id: number; projectId: number }[]> {
  await storeTurn(db);
  const { instances: i } = tablesOf(db);
  return await db
    .select({ id: i.id, projectId: i.projectId })
    .from(i)
    .where(and(eq(i.patternId, patternId), eq(i.deleted, 0)))
    .orderBy(i.projectId, i.id);
}
