import { type SQL, and, eq, inArray } from "drizzle-orm";
import type { Db } from "../client.ts";
import { labels } from "../schema/index.ts";
import { type Page, type PageRequest, selectPage } from "./paging.ts";
import { accessibleProjectIds } from "./projects.ts";

export type LabelRow = typeof labels.$inferSelect;

export interface LabelFilter extends PageRequest {
  customerId: number;
  /** One project (already permission-checked); else every project `accessibleTo` may read. */
  projectId?: number;
  /** Only projects this user holds `access` on (omit for admins). */
  accessibleTo?: number;
  name?: string;
}

export function listLabels(db: Db, f: LabelFilter): Page<LabelRow> | { unknownField: string } {
  const where: SQL[] = [
    f.projectId !== undefined
      ? eq(labels.projectId, f.projectId)
      : inArray(labels.projectId, accessibleProjectIds(db, f.customerId, f.accessibleTo)),
  ];
  if (f.name !== undefined) where.push(eq(labels.name, f.name));
  const sortable = { id: labels.id, project_id: labels.projectId, name: labels.name };
  return selectPage(db, labels, and(...where), f, sortable, labels.id);
}

/** A label by id if it lies in one of the customer's projects; the caller checks access. */
export function findLabel(db: Db, customerId: number, id: number): LabelRow | undefined {
  return db
    .select()
    .from(labels)
    .where(and(eq(labels.id, id), inArray(labels.projectId, accessibleProjectIds(db, customerId))))
    .get();
}
