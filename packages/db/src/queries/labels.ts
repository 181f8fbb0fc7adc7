import { type SQL, and, eq, inArray } from "drizzle-orm";
import type { Db } from "../client.ts";
import type { labels } from "../schema/index.ts";
import { type Page, type PageRequest, selectPage } from "./paging.ts";
import { type ProjectReader, accessibleProjectIds } from "./projects.ts";
import { storeTurn } from "../client.ts";
import { first, tablesOf } from "../store.ts";

export type LabelRow = typeof labels.$inferSelect;

export interface LabelFilter extends PageRequest {
  customerId: number;
  /** One project (already permission-checked); else every project `accessibleTo` may read. */
  projectId?: number;
  /** Only projects this user holds `access` on (omit for admins). */
  accessibleTo?: ProjectReader;
  name?: string;
}

export async function listLabels(
  db: Db,
  f: LabelFilter,
): Promise<Page<LabelRow> | { unknownField: string }> {
  await storeTurn(db);
  const { labels } = tablesOf(db);
  const where: SQL[] = [
    f.projectId !== undefined
      ? eq(labels.projectId, f.projectId)
      : inArray(labels.projectId, accessibleProjectIds(db, f.customerId, f.accessibleTo)),
  ];
  if (f.name !== undefined) where.push(eq(labels.name, f.name));
  const sortable = { id: labels.id, project_id: labels.projectId, name: labels.name };
  return await selectPage(db, labels, and(...where), f, sortable, labels.id);
}

/** A label by id if it lies in one of the customer's projects; the caller checks access. */
export async function findLabel(
  db: Db,
  customerId: number,
  id: number,
): Promise<LabelRow | undefined> {
  await storeTurn(db);
  const { labels } = tablesOf(db);
  return first(
    await db
      .select()
      .from(labels)
      .where(
        and(eq(labels.id, id), inArray(labels.projectId, accessibleProjectIds(db, customerId))),
      ),
  );
}
