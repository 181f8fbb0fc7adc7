import { type SQL, and, eq, inArray } from "drizzle-orm";
import type { Db } from "../client.ts";
import type { instanceFolders } from "../schema/index.ts";
import { type Page, type PageRequest, selectPage } from "./paging.ts";
import { type ProjectReader, accessibleProjectIds } from "./projects.ts";
import { storeTurn } from "../client.ts";
import { first, tablesOf } from "../store.ts";

export type FolderRow = typeof instanceFolders.$inferSelect;

export interface FolderFilter extends PageRequest {
  customerId: number;
  /** One project (already permission-checked); else every project `accessibleTo` may read. */
  projectId?: number;
  /** Only projects this user holds `access` on (omit for admins). */
  accessibleTo?: ProjectReader;
  /** Normalised path. */
  path?: string;
  parentId?: number;
  name?: string;
}

export async function listFolders(
  db: Db,
  f: FolderFilter,
): Promise<Page<FolderRow> | { unknownField: string }> {
  await storeTurn(db);
  const { instanceFolders } = tablesOf(db);
  const t = instanceFolders;
  const where: SQL[] = [
    f.projectId !== undefined
      ? eq(t.projectId, f.projectId)
      : inArray(t.projectId, accessibleProjectIds(db, f.customerId, f.accessibleTo)),
  ];
  if (f.path !== undefined) where.push(eq(t.path, f.path));
  if (f.parentId !== undefined) where.push(eq(t.parentId, f.parentId));
  if (f.name !== undefined) where.push(eq(t.name, f.name));
  const sortable = {
    id: t.id,
    project_id: t.projectId,
    parent_id: t.parentId,
    name: t.name,
    path: t.path,
  };
  return await selectPage(db, t, and(...where), f, sortable, t.id);
}

/** A folder by id if it lies in one of the customer's projects; the caller checks access. */
export async function findFolder(
  db: Db,
  customerId: number,
  id: number,
): Promise<FolderRow | undefined> {
  await storeTurn(db);
  const { instanceFolders } = tablesOf(db);
  return first(
    await db
      .select()
      .from(instanceFolders)
      .where(
        and(
          eq(instanceFolders.id, id),
          inArray(instanceFolders.projectId, accessibleProjectIds(db, customerId)),
        ),
      ),
  );
}
