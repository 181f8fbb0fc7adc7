import {
  type SQL,
  and,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  notInArray,
  or,
  sql,
} from "drizzle-orm";
import type { InstanceListItem } from "@metabuild/contract";
import type { Db } from "../client.ts";
import {
  instanceFolders,
  instanceLabels,
  instances,
  labels,
  patterns,
  releaseGroups,
  releases,
  users,
} from "../schema/index.ts";
import { type Page, type PageRequest, NO_LIMIT, orderBy } from "./paging.ts";
import { prepared } from "./prepared.ts";

/**
 * One instance search: the project plus the filters of GET /api/v1/instances
 * (api.md), already resolved to ids where the caller had to check names.
 * Absent fields do not filter, except `deleted` (product.md §4).
 */
export interface InstanceSearch extends PageRequest {
  projectId: number;
  /** The project's customer: user and release group names are looked up inside it. */
  customerId: number;
  /**
   * Checkouts taken at or before this ISO 8601 instant have expired
   * (now − METABUILD_CHECKOUT_TTL); the caller computes it.
   */
  checkoutValidAfter: string;
  patternId?: number;
  /** Normalised folder path: exactly that folder, not its subfolders. */
  folder?: string;
  name?: string;
  /** Release group name → release name (product.md §5). */
  releases?: Record<string, string>;
  checkedOut?: boolean;
  checkedOutByUserId?: number;
  /** A user name or e-mail. */
  checkedOutByUser?: string;
  /** Absent or false: only non-deleted; true: only deleted. */
  deleted?: boolean;
  uploadDisabled?: boolean;
  insertDisabled?: boolean;
  buildDisabled?: boolean;
  editDisabled?: boolean;
  invalid?: boolean;
  /** At least one of these label names. */
  labels?: string[];
  /** Only these instance ids (the console exports a selection). */
  ids?: number[];
}

/** An instance as lists show it: its record plus folder path, label names and live checkout. */
export interface InstanceListRow {
  id: number;
  customerId: number;
  name: string;
  projectId: number;
  patternId: number;
  errors: number;
  instanceFolderId: number;
  version: number;
  description: string | null;
  releaseId: number | null;
  identityId: number | null;
  userId: number | null;
  latestCommitId: number | null;
  labels: string[];
  checkedOut: boolean;
  deleted: number;
  uploadDisabled: number;
  insertDisabled: number;
  buildDisabled: number;
  editDisabled: number;
  folder: string;
}

const sortable = {
  id: instances.id,
  name: instances.name,
  pattern_id: instances.patternId,
  instance_folder_id: instances.instanceFolderId,
  folder: instanceFolders.path,
  version: instances.version,
  errors: instances.errors,
  release_id: instances.releaseId,
  latest_commit_id: instances.latestCommitId,
};

const p = (name: string) => sql.placeholder(name);

/** Held by someone and taken after the expiry cut-off (a checkout without a time never expires). */
const activeCheckout = and(
  isNotNull(instances.checkedOutByUserId),
  or(isNull(instances.checkedOutAt), gt(instances.checkedOutAt, p("checkoutValidAfter"))),
) as SQL;

const flagColumns = {
  uploadDisabled: instances.uploadDisabled,
  insertDisabled: instances.insertDisabled,
  buildDisabled: instances.buildDisabled,
  editDisabled: instances.editDisabled,
} as const;

/**
 * The WHERE terms of a search, with placeholders for every value so one
 * compiled statement serves every search of the same shape; the page and the
 * count share them. `values` receives the placeholders' values.
 */
function conditions(db: Db, f: InstanceSearch, values: Record<string, unknown>): SQL[] {
  values.projectId = f.projectId;
  values.customerId = f.customerId;
  values.deleted = f.deleted ? 1 : 0;
  values.checkoutValidAfter = f.checkoutValidAfter;
  const where: SQL[] = [
    eq(instances.projectId, p("projectId")),
    eq(instances.deleted, p("deleted")),
  ];
  for (const [key, column] of Object.entries(flagColumns)) {
    const on = f[key as keyof typeof flagColumns];
    if (on === undefined) continue;
    values[key] = on ? 1 : 0;
    where.push(eq(column, p(key)));
  }
  if (f.patternId !== undefined) {
    values.patternId = f.patternId;
    where.push(eq(instances.patternId, p("patternId")));
  }
  if (f.name !== undefined) {
    values.name = f.name;
    where.push(eq(instances.name, p("name")));
  }
  if (f.invalid !== undefined)
    where.push(f.invalid ? gt(instances.errors, 0) : eq(instances.errors, 0));
  if (f.folder !== undefined) {
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
  if (f.checkedOut !== undefined)
    where.push(f.checkedOut ? activeCheckout : sql`not (${activeCheckout})`);
  if (f.checkedOutByUserId !== undefined) {
    values.checkedOutByUserId = f.checkedOutByUserId;
    where.push(activeCheckout, eq(instances.checkedOutByUserId, p("checkedOutByUserId")));
  }
  if (f.checkedOutByUser !== undefined) {
    values.holderName = f.checkedOutByUser;
    values.holderEmail = f.checkedOutByUser.toLowerCase();
    const holders = db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.customerId, p("customerId")),
          or(eq(users.name, p("holderName")), eq(users.email, p("holderEmail"))),
        ),
      );
    where.push(activeCheckout, inArray(instances.checkedOutByUserId, holders));
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
    where.push(inArray(instances.id, sql`(select value from json_each(${p("ids")}))`));
  }
  Object.entries(f.releases ?? {}).forEach(([group, release], i) => {
    values[`group${i}`] = group;
    values[`release${i}`] = release;
    where.push(releaseCondition(db, `group${i}`, `release${i}`));
  });
  return where;
}

/**
 * product.md §5: instances whose pattern is in the group must have the
 * release; others pass. An unknown group has no patterns, so it restricts
 * nothing; an unknown release matches no instance of its group.
 */
function releaseCondition(db: Db, group: string, release: string): SQL {
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

/** The label names of the instance in the outer query, as a JSON array (in label id order). */
const labelNamesJson = sql<string>`(select json_group_array(${labels.name}) from ${instanceLabels} join ${labels} on ${labels.id} = ${instanceLabels.labelId} where ${instanceLabels.instanceId} = ${instances.id})`;

/** What decides a search's statement (not its values): the filters present and the order. */
function shapeOf(f: InstanceSearch): string {
  const present = Object.keys(f)
    .filter((k) => f[k as keyof InstanceSearch] !== undefined)
    .sort();
  return JSON.stringify([
    present,
    f.labels?.length,
    Object.keys(f.releases ?? {}).length,
    f.checkedOut,
    f.invalid,
    f.$sort,
  ]);
}

/**
 * A JSON boolean from an SQL condition (SQLite has none). The two json()
 * constants are computed once per statement, not once per row.
 */
const jsonBoolean = (condition: SQL) => sql`iif(${condition}, json('true'), json('false'))`;

/**
 * One list item exactly as GET /api/v1/instances answers it (the contract's
 * InstanceListItem, same keys in the same order), built by SQLite. A full
 * list is 100,000 items: letting SQLite write each item's JSON text costs a
 * fraction of handing 2 million values to JavaScript, building objects and
 * serialising them again.
 */
const listItemFields: Record<keyof InstanceListItem, unknown> = {
  id: instances.id,
  customer_id: instances.customerId,
  name: instances.name,
  project_id: instances.projectId,
  pattern_id: instances.patternId,
  errors: instances.errors,
  instance_folder_id: instances.instanceFolderId,
  version: instances.version,
  description: instances.description,
  release_id: instances.releaseId,
  identity_id: instances.identityId,
  user_id: instances.userId,
  latest_commit_id: instances.latestCommitId,
  // json(): a subquery's result loses its JSON type and would be quoted.
  labels: sql`json(${labelNamesJson})`,
  checked_out: jsonBoolean(activeCheckout),
  deleted: jsonBoolean(sql`${instances.deleted} = 1`),
  upload_disabled: jsonBoolean(sql`${instances.uploadDisabled} = 1`),
  insert_disabled: jsonBoolean(sql`${instances.insertDisabled} = 1`),
  build_disabled: jsonBoolean(sql`${instances.buildDisabled} = 1`),
  edit_disabled: jsonBoolean(sql`${instances.editDisabled} = 1`),
  invalid: jsonBoolean(sql`${instances.errors} > 0`),
  folder: instanceFolders.path,
};

const listItemJson = sql<string>`json_object(${sql.join(
  Object.entries(listItemFields).map(([key, value]) => sql`${sql.raw(`'${key}'`)}, ${value}`),
  sql`, `,
)})`;

/** The page (as rows and as JSON) and count statements of one search shape, compiled once. */
function searchStatements(db: Db, f: InstanceSearch) {
  return prepared(db, `searchInstances:${shapeOf(f)}`, () => {
    const order = orderBy(f.$sort, sortable, instances.id);
    if (!Array.isArray(order)) return order;
    const where = and(...conditions(db, f, {}));
    const page = db
      .select({
        id: instances.id,
        customerId: instances.customerId,
        name: instances.name,
        projectId: instances.projectId,
        patternId: instances.patternId,
        errors: instances.errors,
        instanceFolderId: instances.instanceFolderId,
        version: instances.version,
        description: instances.description,
        releaseId: instances.releaseId,
        identityId: instances.identityId,
        userId: instances.userId,
        latestCommitId: instances.latestCommitId,
        labels: labelNamesJson,
        checkedOut: sql<number>`${activeCheckout}`,
        deleted: instances.deleted,
        uploadDisabled: instances.uploadDisabled,
        insertDisabled: instances.insertDisabled,
        buildDisabled: instances.buildDisabled,
        editDisabled: instances.editDisabled,
        folder: instanceFolders.path,
      })
      .from(instances)
      .innerJoin(instanceFolders, eq(instanceFolders.id, instances.instanceFolderId))
      .where(where)
      .orderBy(...order)
      .limit(p("limit"))
      .offset(p("offset"))
      .prepare();
    const pageJson = db
      .select({ item: listItemJson })
      .from(instances)
      .innerJoin(instanceFolders, eq(instanceFolders.id, instances.instanceFolderId))
      .where(where)
      .orderBy(...order)
      .limit(p("limit"))
      .offset(p("offset"))
      .prepare();
    const count = db.select({ n: sql<number>`count(*)` }).from(instances).where(where).prepare();
    return { page, pageJson, count };
  });
}

/**
 * THE instance search: one statement for the page (folder path joined, label
 * names aggregated per row) and one count(*) for X-Total-Count. Behind
 * GET /api/v1/instances and the build wildcard expansion alike.
 */
export function searchInstances(
  db: Db,
  f: InstanceSearch,
): Page<InstanceListRow> | { unknownField: string } {
  // Positional rows (`values()`): a full list has 100,000 rows, and building
  // them as plain object literals below is several times cheaper than
  // letting the driver and the ORM build and map objects column by column.
  const found = runSearch(db, f, "page");
  if ("unknownField" in found) return found;
  return { items: found.rows.map(toListRow), total: found.total };
}

/**
 * The same search as searchInstances, the page answered as the JSON text of
 * GET /api/v1/instances (an array of InstanceListItem), ready to send.
 */
export function searchInstancesJson(
  db: Db,
  f: InstanceSearch,
): { json: string; total: number } | { unknownField: string } {
  const found = runSearch(db, f, "pageJson");
  if ("unknownField" in found) return found;
  return { json: `[${found.rows.map((r) => r[0]).join(",")}]`, total: found.total };
}

/** Runs one of the search's page statements (positional rows) and its count. */
function runSearch(
  db: Db,
  f: InstanceSearch,
  form: "page" | "pageJson",
): { rows: unknown[][]; total: number } | { unknownField: string } {
  const statements = searchStatements(db, f);
  if ("unknownField" in statements) return statements;
  const values: Record<string, unknown> = {};
  conditions(db, f, values);
  const rows = statements[form].values({
    ...values,
    limit: f.$limit ?? NO_LIMIT,
    offset: f.$skip ?? 0,
  }) as unknown[][];
  const total = statements.count.get(values)?.n ?? 0;
  return { rows, total };
}

function toListRow(r: unknown[]): InstanceListRow {
  return {
    id: r[0] as number,
    customerId: r[1] as number,
    name: r[2] as string,
    projectId: r[3] as number,
    patternId: r[4] as number,
    errors: r[5] as number,
    instanceFolderId: r[6] as number,
    version: r[7] as number,
    description: r[8] as string | null,
    releaseId: r[9] as number | null,
    identityId: r[10] as number | null,
    userId: r[11] as number | null,
    latestCommitId: r[12] as number | null,
    labels: r[13] === "[]" ? [] : (JSON.parse(r[13] as string) as string[]),
    checkedOut: r[14] === 1,
    deleted: r[15] as number,
    uploadDisabled: r[16] as number,
    insertDisabled: r[17] as number,
    buildDisabled: r[18] as number,
    editDisabled: r[19] as number,
    folder: r[20] as string,
  };
}
