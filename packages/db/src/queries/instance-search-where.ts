import {
  type SQL,
  and,
  eq,
  gt,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  notInArray,
  or,
  sql,
} from "drizzle-orm";
import type { Db, Schema } from "../client.ts";
import type { InstanceSearch } from "./instances.ts";
import { sqlOf, tablesOf } from "../store.ts";

/** The WHERE side of an instance search (GET /api/v1/instances' filters), as placeholders. */

export const p = (name: string) => sql.placeholder(name);

/** Held by someone and taken after the expiry cut-off (a checkout without a time never expires). */
export const activeCheckout = ({ instances }: Schema) =>
  and(
    isNotNull(instances.checkedOutByUserId),
    or(isNull(instances.checkedOutAt), gt(instances.checkedOutAt, p("checkoutValidAfter"))),
  ) as SQL;

const flagColumns = ({ instances }: Schema) =>
  ({
    uploadDisabled: instances.uploadDisabled,
    insertDisabled: instances.insertDisabled,
    buildDisabled: instances.buildDisabled,
    editDisabled: instances.editDisabled,
  }) as const;

/** A name filter holding `*` is a glob (docs/instance-search.md); `*` is invalid in names. */
export const isNameGlob = (name: string): boolean => name.includes("*");

/**
 * The paths strictly below normalised folder `folder` (not the root) as a
 * half-open range: they start with `folder/`, and `0` follows `/` in byte
 * order, so `[/erp/, /erp0)` holds `/erp/a` but not `/erpx` or `/erp-x`.
 */
export function subtreeRange(folder: string): { from: string; to: string } {
  return { from: `${folder}/`, to: `${folder}0` };
}

/**
 * Instances in normalised folder `folder` (not the root) or below it,
 * replacing the project term. The folders come from the (project_id, path)
 * index: `folder` itself and the range [folder/, folder0), so `/erp/…` but
 * not `/erpx` or `/erp-x`; the instances then from (project_id,
 * instance_folder_id). The unary `+` keeps SQLite from walking the whole
 * project by id to spare the sort (measured: 17 ms against 0.2 ms for 100 of
 * 100,000 instances, docs/instance-search.md).
 */
function subtreeConditions(db: Db, folder: string, values: Record<string, unknown>): SQL[] {
  const { instanceFolders, instances } = tablesOf(db);
  const below = subtreeRange(folder);
  values.folder = folder;
  values.below = below.from;
  values.belowEnd = below.to;
  const folders = db
    .select({ projectId: instanceFolders.projectId, id: instanceFolders.id })
    .from(instanceFolders)
    .where(
      and(
        eq(instanceFolders.projectId, p("projectId")),
        gte(instanceFolders.path, p("folder")),
        lt(instanceFolders.path, p("belowEnd")),
        or(eq(instanceFolders.path, p("folder")), gte(instanceFolders.path, p("below"))),
      ),
    );
  return [
    sql`+${instances.projectId} = ${p("projectId")}`,
    sql`(${instances.projectId}, ${instances.instanceFolderId}) in (${folders})`,
  ];
}

/**
 * The WHERE terms of a search, with placeholders for every value so one
 * compiled statement serves every search of the same shape; the page and the
 * count share them. `values` receives the placeholders' values.
 */
export function searchConditions(
  db: Db,
  f: InstanceSearch,
  values: Record<string, unknown>,
): SQL[] {
  const t = tablesOf(db);
  const { instanceFolders, instanceLabels, instances, labels, users } = t;
  const held = activeCheckout(t);
  values.projectId = f.projectId;
  values.customerId = f.customerId;
  values.deleted = f.deleted ? 1 : 0;
  values.checkoutValidAfter = f.checkoutValidAfter;
  const where: SQL[] = [
    eq(instances.projectId, p("projectId")),
    eq(instances.deleted, p("deleted")),
  ];
  for (const [key, column] of Object.entries(flagColumns(t))) {
    const on = f[key as keyof ReturnType<typeof flagColumns>];
    if (on === undefined) continue;
    values[key] = on ? 1 : 0;
    where.push(eq(column, p(key)));
  }
  if (f.patternId !== undefined) {
    values.patternId = f.patternId;
    where.push(eq(instances.patternId, p("patternId")));
  }
  if (f.name !== undefined) {
    if (isNameGlob(f.name)) {
      // Case-sensitive like the exact match (adapters/sql-forms.ts `globMatches`).
      values.name = sqlOf(db).globPattern(f.name);
      where.push(sqlOf(db).globMatches(instances.name, p("name")));
    } else {
      values.name = f.name;
      where.push(eq(instances.name, p("name")));
    }
  }
  if (f.invalid !== undefined)
    where.push(f.invalid ? gt(instances.errors, 0) : eq(instances.errors, 0));
  if (f.folder !== undefined && f.subfolders === true) {
    // The root and everything below it is the whole project: no condition.
    if (f.folder !== "/") where.splice(0, 1, ...subtreeConditions(db, f.folder, values));
  } else if (f.folder !== undefined) {
    values.folder = f.folder;
    // A scalar subquery keeps the plan on the (project_id, instance_folder_id) index.
    const folderId = db
      .select({ id: instanceFolders.id })
      .from(instanceFolders)
      .where(
        and(eq(instanceFolders.projectId, p("projectId")), eq(instanceFolders.path, p("folder"))),
      );
    where.push(eq(instances.instanceFolderId, sql`(${folderId})`));
  }
  if (f.checkedOut !== undefined) where.push(f.checkedOut ? held : sql`not (${held})`);
  if (f.checkedOutByUserId !== undefined) {
    values.checkedOutByUserId = f.checkedOutByUserId;
    where.push(held, eq(instances.checkedOutByUserId, p("checkedOutByUserId")));
  }
  if (f.checkedOutByUser !== undefined) {
    // Name and e-mail both match in any case (e-mails are stored lower-case).
    values.holderName = f.checkedOutByUser.toLowerCase();
    values.holderEmail = f.checkedOutByUser.toLowerCase();
    const holders = db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.customerId, p("customerId")),
          or(eq(sql`lower(${users.name})`, p("holderName")), eq(users.email, p("holderEmail"))),
        ),
      );
    where.push(held, inArray(instances.checkedOutByUserId, holders));
  }
  if (f.labels !== undefined) {
    const names = f.labels.map((name, i) => {
      values[`label${i}`] = name;
      return p(`label${i}`);
    });
    const carriers = db
      .select({ id: instanceLabels.instanceId })
      .from(instanceLabels)
      .innerJoin(labels, eq(labels.id, instanceLabels.labelId))
      .where(and(eq(labels.projectId, p("projectId")), inArray(labels.name, names)));
    where.push(inArray(instances.id, carriers));
  }
  if (f.ids !== undefined) {
    // One placeholder for any number of ids: the list travels as a JSON array.
    values.ids = JSON.stringify(f.ids);
    where.push(inArray(instances.id, sqlOf(db).jsonIntegers(p("ids"))));
  }
  Object.entries(f.releases ?? {}).forEach(([group, release], i) => {
    values[`group${i}`] = group;
    values[`release${i}`] = release;
    where.push(releaseCondition(db, `group${i}`, `release${i}`));
  });
  return where;
}

/**
 * docs/reference/rules.md §5: instances whose pattern is in the group must have the
 * release; others pass. An unknown group has no patterns, so it restricts
 * nothing; an unknown release matches no instance of its group.
 */
function releaseCondition(db: Db, group: string, release: string): SQL {
  const { instances, patterns, releaseGroups, releases } = tablesOf(db);
  const groupPatterns = db
    .select({ id: patterns.id })
    .from(patterns)
    .innerJoin(releaseGroups, eq(releaseGroups.id, patterns.releaseGroupId))
    .where(and(eq(releaseGroups.customerId, p("customerId")), eq(releaseGroups.name, p(group))));
  const namedRelease = db
    .select({ id: releases.id })
    .from(releases)
    .innerJoin(releaseGroups, eq(releaseGroups.id, releases.releaseGroupId))
    .where(
      and(
        eq(releaseGroups.customerId, p("customerId")),
        eq(releaseGroups.name, p(group)),
        eq(releases.name, p(release)),
      ),
    );
  return or(
    notInArray(instances.patternId, groupPatterns),
    inArray(instances.releaseId, namedRelease),
  ) as SQL;
}
