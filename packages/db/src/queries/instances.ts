import { type AnyColumn, type SQL, and, asc, eq, fillPlaceholders, sql } from "drizzle-orm";
import type { Db, Schema } from "../client.ts";
import { type Page, type PageRequest, NO_LIMIT, orderBy } from "./paging.ts";
import { activeCheckout, isNameGlob, p, searchConditions } from "./instance-search-where.ts";
import { prepared } from "./prepared.ts";
import { labelNamesJson, listItemJson, recordColumns } from "./instance-list-json.ts";
import { type TextQuery, readThroughCursor } from "../pg/cursor.ts";
import { inPostgresTransaction } from "../pg/handle.ts";
import { storeTurn } from "../client.ts";
import { isPostgres, tablesOf } from "../store.ts";

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
        // A number on both stores (PostgreSQL's comparison answers a boolean).
        checkedOut: sql<number>`cast((${activeCheckout(t)}) as integer)`,
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
    const pageJsonQuery = db
      .select({ item: listItemJson(db) })
      .from(instances)
      .innerJoin(instanceFolders, eq(instanceFolders.id, instances.instanceFolderId))
      .where(where)
      .orderBy(...order)
      .limit(p("limit"))
      .offset(p("offset"));
    const countQuery = db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(instances)
      .where(where);
    // On PostgreSQL also as text, for the cursor of a long list.
    const text = isPostgres(db)
      ? { pageJson: pageJsonQuery.toSQL(), count: countQuery.toSQL() }
      : undefined;
    return { page, pageJson: pageJsonQuery.prepare(), count: countQuery.prepare(), text };
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
  if (!("rows" in found)) throw new Error("an uncapped search answered a cursor");
  return { items: found.rows.map(toListRow), total: found.total };
}

/**
 * The same search as searchInstances, the page answered as the JSON text of
 * GET /api/v1/instances (an array of InstanceListItem), ready to send. On
 * PostgreSQL a list longer than STREAM_ABOVE items comes as chunks of that
 * text read through a cursor, so sending overlaps with reading
 * (docs/stores.md "Streamed lists"); the chunks joined are the same text.
 */
export async function searchInstancesJson(
  db: Db,
  f: InstanceSearch,
): Promise<{ json: string | AsyncIterable<string>; total: number } | { unknownField: string }> {
  await storeTurn(db);
  // Inside a transaction the cursor's own connection would not see its writes.
  const cap = isPostgres(db) && !inPostgresTransaction(db) ? STREAM_ABOVE : undefined;
  const found = await runSearch(db, f, "pageJson", cap);
  if ("unknownField" in found) return found;
  if ("longer" in found) return await streamedJson(db, found.longer);
  return { json: `[${found.rows.map((r) => r[0]).join(",")}]`, total: found.total };
}

/** Items of a list PostgreSQL streams rather than answering in one statement, and per FETCH. */
const STREAM_ABOVE = 2_000;
const STREAM_BATCH = 5_000;

/** The count and the page through a cursor, in one snapshot; the page as JSON text chunks. */
async function streamedJson(
  db: Db,
  longer: { page: TextQuery; count: TextQuery },
): Promise<{ json: AsyncIterable<string>; total: number }> {
  const { first, batches } = await readThroughCursor(db, longer.count, longer.page, STREAM_BATCH);
  async function* chunks(): AsyncGenerator<string> {
    let separator = "[";
    for await (const rows of batches) {
      if (rows.length === 0) continue;
      yield separator + rows.map((r) => r[0]).join(",");
      separator = ",";
    }
    yield separator === "[" ? "[]" : "]";
  }
  return { json: chunks(), total: Number(first[0]?.[0] ?? 0) };
}

/**
 * Runs one of the search's page statements (positional rows) and its count.
 * With `cap` (PostgreSQL's JSON page) at most `cap` rows are read: a longer
 * page answers the statements as text (`longer`) for a cursor instead.
 */
async function runSearch(
  db: Db,
  f: InstanceSearch,
  form: "page" | "pageJson",
  cap = Number.POSITIVE_INFINITY,
): Promise<
  | { rows: unknown[][]; total: number }
  | { longer: { page: TextQuery; count: TextQuery } }
  | { unknownField: string }
> {
  const statements = searchStatements(db, f);
  if ("unknownField" in statements) return statements;
  const values: Record<string, unknown> = {};
  searchConditions(db, f, values);
  const limit = f.$limit ?? NO_LIMIT;
  const offset = f.$skip ?? 0;
  const rows = (await statements[form].values({
    ...values,
    limit: Math.min(limit, cap),
    offset,
  })) as unknown[][];
  if (rows.length === cap && cap < limit && statements.text) {
    const all = { ...values, limit, offset };
    const { pageJson, count } = statements.text;
    return {
      longer: {
        page: { sql: pageJson.sql, params: fillPlaceholders(pageJson.params, all) },
        count: { sql: count.sql, params: fillPlaceholders(count.params, all) },
      },
    };
  }
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
