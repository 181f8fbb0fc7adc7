import { type SQL, and, eq, inArray } from "drizzle-orm";
import type { Db } from "../client.ts";
import type { releaseGroups, releases } from "../schema/index.ts";
import { type Page, type PageRequest, selectPage } from "./paging.ts";
import { storeTurn } from "../client.ts";
import { first, tablesOf } from "../store.ts";

export type ReleaseGroupRow = typeof releaseGroups.$inferSelect;
export type ReleaseRow = typeof releases.$inferSelect;

/** Release groups are customer-wide (docs/reference/rules.md §5). */
export interface ReleaseGroupFilter extends PageRequest {
  customerId: number;
  name?: string;
}

export async function listReleaseGroups(
  db: Db,
  f: ReleaseGroupFilter,
): Promise<Page<ReleaseGroupRow> | { unknownField: string }> {
  await storeTurn(db);
  const { releaseGroups } = tablesOf(db);
  const t = releaseGroups;
  const where: SQL[] = [eq(t.customerId, f.customerId)];
  if (f.name !== undefined) where.push(eq(t.name, f.name));
  const sortable = { id: t.id, customer_id: t.customerId, name: t.name };
  return await selectPage(db, t, and(...where), f, sortable, t.id);
}

export async function findReleaseGroup(
  db: Db,
  customerId: number,
  id: number,
): Promise<ReleaseGroupRow | undefined> {
  await storeTurn(db);
  const { releaseGroups } = tablesOf(db);
  return first(
    await db
      .select()
      .from(releaseGroups)
      .where(and(eq(releaseGroups.id, id), eq(releaseGroups.customerId, customerId))),
  );
}

export async function findReleaseGroupByName(
  db: Db,
  customerId: number,
  name: string,
): Promise<ReleaseGroupRow | undefined> {
  await storeTurn(db);
  const { releaseGroups } = tablesOf(db);
  return first(
    await db
      .select()
      .from(releaseGroups)
      .where(and(eq(releaseGroups.name, name), eq(releaseGroups.customerId, customerId))),
  );
}

function groupIdsOfCustomer(db: Db, customerId: number) {
  const { releaseGroups } = tablesOf(db);
  return db
    .select({ id: releaseGroups.id })
    .from(releaseGroups)
    .where(eq(releaseGroups.customerId, customerId));
}

export interface ReleaseFilter extends PageRequest {
  customerId: number;
  releaseGroupId?: number;
  name?: string;
}

export async function listReleases(
  db: Db,
  f: ReleaseFilter,
): Promise<Page<ReleaseRow> | { unknownField: string }> {
  await storeTurn(db);
  const { releases } = tablesOf(db);
  const t = releases;
  const where: SQL[] = [inArray(t.releaseGroupId, groupIdsOfCustomer(db, f.customerId))];
  if (f.releaseGroupId !== undefined) where.push(eq(t.releaseGroupId, f.releaseGroupId));
  if (f.name !== undefined) where.push(eq(t.name, f.name));
  const sortable = { id: t.id, release_group_id: t.releaseGroupId, name: t.name };
  return await selectPage(db, t, and(...where), f, sortable, t.id);
}

export async function findRelease(
  db: Db,
  customerId: number,
  id: number,
): Promise<ReleaseRow | undefined> {
  await storeTurn(db);
  const { releases } = tablesOf(db);
  return first(
    await db
      .select()
      .from(releases)
      .where(
        and(
          eq(releases.id, id),
          inArray(releases.releaseGroupId, groupIdsOfCustomer(db, customerId)),
        ),
      ),
  );
}

/** A pattern's release group and its releases (id order): the releases its instances may take. */
export async function releaseChoicesOfPattern(
  db: Db,
  patternId: number,
): Promise<{ group: string | null; releases: { id: number; name: string }[] }> {
  await storeTurn(db);
  const { patterns, releaseGroups, releases } = tablesOf(db);
  const group = first(
    await db
      .select({ id: releaseGroups.id, name: releaseGroups.name })
      .from(patterns)
      .innerJoin(releaseGroups, eq(releaseGroups.id, patterns.releaseGroupId))
      .where(eq(patterns.id, patternId)),
  );
  if (!group) return { group: null, releases: [] };
  const choices = await db
    .select({ id: releases.id, name: releases.name })
    .from(releases)
    .where(eq(releases.releaseGroupId, group.id))
    .orderBy(releases.id);
  return { group: group.name, releases: choices };
}
