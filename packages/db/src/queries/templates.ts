import { asc, eq } from "drizzle-orm";
import type { Db } from "../client.ts";
import { templates } from "../schema/index.ts";

export type TemplateRow = typeof templates.$inferSelect;

/** A pattern's templates in their order (`pos_no`, then id). */
export function patternTemplates(db: Db, patternId: number): TemplateRow[] {
  return db
    .select()
    .from(templates)
    .where(eq(templates.patternId, patternId))
    .orderBy(asc(templates.posNo), asc(templates.id))
    .all();
}
