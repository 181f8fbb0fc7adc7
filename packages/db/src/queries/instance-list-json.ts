import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import type { InstanceListItem } from "@metabuild/contract";
import type { Db, Schema } from "../client.ts";
import { activeCheckout } from "./instance-search-where.ts";
import { isPostgres, sqlOf, tablesOf } from "../store.ts";

/**
 * GET /api/v1/instances items as JSON text written by the store, on SQLite and
 * on PostgreSQL the same to the byte (docs/stores.md "List JSON").
 */

/** The instance row's own fields, first in the list form (its JSON keys keep this order). */
export const recordColumns = ({ instances }: Schema) => ({
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

/** The label names of the instance in the outer query, as a JSON array text (in label id order). */
export function labelNamesJson(db: Db): SQL<string> {
  const { instanceLabels, instances, labels } = tablesOf(db);
  const names = sqlOf(db).jsonArray(labels.name, sql`${labels.id}`);
  return sql<string>`(select ${names} from ${instanceLabels} join ${labels} on ${labels.id} = ${instanceLabels.labelId} where ${instanceLabels.instanceId} = ${instances.id})`;
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

export const listItemJson = (db: Db) =>
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
    // array() in the key's own order (no sort), each name looked up by its id:
    // a join sorted the labels again for every item (EXPLAIN ANALYZE, docs/performance.md).
    labels: sql`array_to_json(array(select (select ${labels.name} from ${labels} where ${labels.id} = ${instanceLabels.labelId}) from ${instanceLabels} where ${instanceLabels.instanceId} = ${instances.id} order by ${instanceLabels.labelId}))::text`,
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
