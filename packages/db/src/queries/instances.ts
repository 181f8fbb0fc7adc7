import { type AnyColumn, type SQL, and, asc, eq, sql } from "drizzle-orm";
import type { InstanceListItem } from "@metabuild/contract";
import type { Db, Schema } from "../client.ts";
import { type Page, type PageRequest, NO_LIMIT, orderBy } from "./paging.ts";
import { activeCheckout, isNameGlob, p, searchConditions } from "./instance-search-where.ts";
import { prepared } from "./prepared.ts";
import { storeTurn } from "../client.ts";
import { dialect, isPostgres, tablesOf } from "../store.ts";

export { isNameGlob } from "./instance-search-where.ts";

/**
 * One instance search: the project plus the filters of GET /api/v1/instances
 * (docs/reference/endpoints.md), already resolved to ids where the caller had to check names.
 * Absent fields do not filter, except `deleted` (docs/reference/rules.md §4).
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
  /** Normalised folder path: exactly that folder, or with `subfolders` the folder and all below. */
  folder?: string;
  subfolders?: boolean;
  /** Exact name, or a glob when it holds `*` (`*` any run, the rest literal). */
  name?: string;
  /** Release group name → release name (docs/reference/rules.md §5). */
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

/** The instance row's own fields, first in the list form (its JSON keys keep this order). */
const recordColumns = ({ instances }: Schema) => ({
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
});

/** Every scalar field of the list form; `labels` (an array) does not sort. */
const sortable = (t: Schema): Record<string, AnyColumn | SQL> => {
  const { instanceFolders, instances } = t;
  return {
    ...recordColumns(t),
    checked_out: activeCheckout(t),
    deleted: instances.deleted,
    upload_disabled: instances.uploadDisabled,
    insert_disabled: instances.insertDisabled,
    build_disabled: instances.buildDisabled,
    edit_disabled: instances.editDisabled,
    invalid: sql`(${instances.errors} > 0)`,
    folder: instanceFolders.path,
  };
};

/**
 * ORDER BY terms of a search. PostgreSQL sorts NULLs last ascending and
 * SQLite first: on PostgreSQL the terms say SQLite's order, so both stores
 * answer the same page.
 */
function searchOrder(db: Db, f: InstanceSearch, t: Schema): SQL[] | { unknownField: string } {
  const columns = sortable(t);
  if (!isPostgres(db)) return orderBy(f.$sort, columns, t.instances.id);
  const terms: SQL[] = [];
  for (const s of f.$sort ?? []) {
    const col = columns[s.field];
    if (!col) return { unknownField: s.field };
    terms.push(s.desc ? sql`${col} desc nulls last` : sql`${col} asc nulls first`);
  }
  terms.push(asc(t.instances.id));
  return terms;
}

/** The label names of the instance in the outer query, as a JSON array text (in label id order). */
function labelNamesJson(db: Db): SQL<string> {
  const { instanceLabels, instances, labels } = tablesOf(db);
  return dialect(db, {
    sqlite: sql`(select json_group_array(${labels.name}) from ${instanceLabels} join ${labels} on ${labels.id} = ${instanceLabels.labelId} where ${instanceLabels.instanceId} = ${instances.id})`,
    postgres: sql`(select coalesce(json_agg(${labels.name} order by ${labels.id})::text, '[]') from ${instanceLabels} join ${labels} on ${labels.id} = ${instanceLabels.labelId} where ${instanceLabels.instanceId} = ${instances.id})`,
  }) as SQL<string>;
}

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
    f.subfolders,
    // The whole project's subtree has no folder condition at all.
    f.subfolders === true && f.folder === "/",
    f.name !== undefined && isNameGlob(f.name),
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
const listItemFields = (db: Db): Record<keyof InstanceListItem, unknown> => {
  const t = tablesOf(db);
  const { instanceFolders, instances } = t;
  return {
    ...recordColumns(t),
    // json(): a subquery's result loses its JSON type and would be quoted.
    labels: sql`json(${labelNamesJson(db)})`,
    checked_out: jsonBoolean(activeCheckout(t)),
    deleted: jsonBoolean(sql`${instances.deleted} = 1`),
    upload_disabled: jsonBoolean(sql`${instances.uploadDisabled} = 1`),
    insert_disabled: jsonBoolean(sql`${instances.insertDisabled} = 1`),
    build_disabled: jsonBoolean(sql`${instances.buildDisabled} = 1`),
    edit_disabled: jsonBoolean(sql`${instances.editDisabled} = 1`),
    invalid: jsonBoolean(sql`${instances.errors} > 0`),
    folder: instanceFolders.path,
  };
};

const listItemJson = (db: Db) =>
  isPostgres(db)
    ? postgresListItemJson(db)
    : sql<string>`json_object(${sql.join(
        Object.entries(listItemFields(db)).map(
          ([key, value]) => sql`${sql.raw(`'${key}'`)}, ${value}`,
        ),
        sql`, `,
      )})`;

/**
 * The same item on PostgreSQL, written as text by concatenation: every field
 * is a number, a string, a boolean or the labels array, so the text is what
 * JSON.stringify writes (no spaces; to_json of a text escapes as
 * JSON.stringify does, control characters as lower-case \u00xx). About half
 * the time of row_to_json over a per-row subquery at 100,000 rows
 * (docs/performance.md "PostgreSQL at 100,000 instances").
 */
const postgresListItemJson = (db: Db): SQL<string> => {
  const t = tablesOf(db);
  const { instanceFolders, instanceLabels, instances, labels } = t;
  const int = (column: AnyColumn) => sql`${column}::text`;
  const intOrNull = (column: AnyColumn) => sql`coalesce(${column}::text, 'null')`;
  const text = (column: AnyColumn) => sql`coalesce(to_json(${column})::text, 'null')`;
  const bool = (condition: SQL) => sql`(case when ${condition} then 'true' else 'false' end)`;
  const flag = (column: AnyColumn) => bool(sql`${column} = 1`);
  const fields: Record<keyof InstanceListItem, SQL> = {
    id: int(instances.id),
    customer_id: int(instances.customerId),
    name: text(instances.name),
    project_id: int(instances.projectId),
    pattern_id: int(instances.patternId),
    errors: int(instances.errors),
    instance_folder_id: int(instances.instanceFolderId),
    version: int(instances.version),
    description: text(instances.description),
    release_id: intOrNull(instances.releaseId),
    identity_id: intOrNull(instances.identityId),
    user_id: intOrNull(instances.userId),
    latest_commit_id: intOrNull(instances.latestCommitId),
    labels: sql`(select coalesce('[' || string_agg(to_json(${labels.name})::text, ',' order by ${labels.id}) || ']', '[]') from ${instanceLabels} join ${labels} on ${labels.id} = ${instanceLabels.labelId} where ${instanceLabels.instanceId} = ${instances.id})`,
    checked_out: bool(activeCheckout(t)),
    deleted: flag(instances.deleted),
    upload_disabled: flag(instances.uploadDisabled),
    insert_disabled: flag(instances.insertDisabled),
    build_disabled: flag(instances.buildDisabled),
    edit_disabled: flag(instances.editDisabled),
    invalid: bool(sql`${instances.errors} > 0`),
    folder: text(instanceFolders.path),
  };
  const parts = Object.entries(fields).map(
    ([key, value], i) => sql`${sql.raw(`'${i === 0 ? "{" : ","}"${key}":'`)} || ${value}`,
  );
  return sql<string>`(${sql.join(parts, sql` || `)} || '}')`;
};

/** The page (as rows and as JSON) and count statements of one search shape, compiled once. */
function searchStatements(db: Db, f: InstanceSearch) {
  const t = tablesOf(db);
  const { instanceFolders, instances } = t;
  return prepared(db, `searchInstances:${shapeOf(f)}`, () => {
    const order = searchOrder(db, f, t);
    if (!Array.isArray(order)) return order;
    const where = and(...searchConditions(db, f, {}));
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
        labels: labelNamesJson(db),
        checkedOut: dialect(db, {
          sqlite: sql`${activeCheckout(t)}`,
          postgres: sql`(${activeCheckout(t)})::int`,
        }) as SQL<number>,
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
      .select({ item: listItemJson(db) })
      .from(instances)
      .innerJoin(instanceFolders, eq(instanceFolders.id, instances.instanceFolderId))
      .where(where)
      .orderBy(...order)
      .limit(p("limit"))
      .offset(p("offset"))
      .prepare();
    const count = db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(instances)
      .where(where)
      .prepare();
    return { page, pageJson, count };
  });
}

/**
 * THE instance search: one statement for the page (folder path joined, label
 * names aggregated per row) and, when the page does not tell it, one
 * count(*) for X-Total-Count. Behind
 * GET /api/v1/instances and the build wildcard expansion alike.
 */
export async function searchInstances(
  db: Db,
  f: InstanceSearch,
): Promise<Page<InstanceListRow> | { unknownField: string }> {
  await storeTurn(db);
  // Positional rows (`values()`): a full list has 100,000 rows, and building
  // them as plain object literals below is several times cheaper than
  // letting the driver and the ORM build and map objects column by column.
  const found = await runSearch(db, f, "page");
  if ("unknownField" in found) return found;
  return { items: found.rows.map(toListRow), total: found.total };
}

/**
 * The same search as searchInstances, the page answered as the JSON text of
 * GET /api/v1/instances (an array of InstanceListItem), ready to send.
 */
export async function searchInstancesJson(
  db: Db,
  f: InstanceSearch,
): Promise<{ json: string; total: number } | { unknownField: string }> {
  await storeTurn(db);
  const found = await runSearch(db, f, "pageJson");
  if ("unknownField" in found) return found;
  return { json: `[${found.rows.map((r) => r[0]).join(",")}]`, total: found.total };
}

/** Runs one of the search's page statements (positional rows) and its count. */
async function runSearch(
  db: Db,
  f: InstanceSearch,
  form: "page" | "pageJson",
): Promise<{ rows: unknown[][]; total: number } | { unknownField: string }> {
  const statements = searchStatements(db, f);
  if ("unknownField" in statements) return statements;
  const values: Record<string, unknown> = {};
  searchConditions(db, f, values);
  const rows = (await statements[form].values({
    ...values,
    limit: f.$limit ?? NO_LIMIT,
    offset: f.$skip ?? 0,
  })) as unknown[][];
  const limit = f.$limit ?? NO_LIMIT;
  const offset = f.$skip ?? 0;
  // A page short of its limit ends the list: it tells the total, and the
  // count statement is not needed (unpaged lists never run it). An empty
  // page past the start does not tell where the list ended.
  if (rows.length < limit && (rows.length > 0 || offset === 0))
    return { rows, total: offset + rows.length };
  // Number(): a pool without the int8 parser (docs/stores.md) answers count(*) as text.
  const total = Number((await statements.count.get(values))?.n ?? 0);
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
