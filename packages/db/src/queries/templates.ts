import { asc, eq } from "drizzle-orm";
import type { Db } from "../client.ts";
import type { templates } from "../schema/index.ts";
import { storeTurn } from "../client.ts";
import { tablesOf } from "../store.ts";

export type TemplateRow = typeof templates.$inferSelect;

/** A pattern's templates in their order (`pos_no`, then id). */
export async function patternTemplates(db: Db, patternId: number): Promise<TemplateRow[]> {
  await storeTurn(db);
  const { templates } = tablesOf(db);
  return await db
    .select()
    .from(templates)
    .where(eq(templates.patternId, patternId))
    .orderBy(asc(templates.posNo), asc(templates.id));
}
