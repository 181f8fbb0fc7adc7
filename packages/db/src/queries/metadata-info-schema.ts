import type { CatalogColumn, SqlValue } from "@metabuild/contract";
import { type SQL, and, eq, isNotNull, sql } from "drizzle-orm";
import { SQLiteSyncDialect } from "drizzle-orm/sqlite-core";
import type { Db } from "../client.ts";
import {
  buildInstances,
  builds,
  commits,
  downloads,
  instanceFolders,
  instances,
  labels,
  patterns,
  releases,
  variableDefinitions,
  variableOverrides,
} from "../schema/index.ts";
import { lineageViewColumns, lineageViewSql } from "./lineage-view.ts";
import type { MetadataScope, SchemaTable } from "./metadata-catalog.ts";
import { tablesOf } from "../store.ts";

/**
 * The views of `@INFORMATION_SCHEMA`, each confined to the statement's
 * project (and its customer's patterns). Columns are upper case, as in the
 * SQL standard's information schema.
 */

type ViewName =
  | "INSTANCES"
  | "COLUMNS"
  | "COMMITS"
  | "DELIVERIES"
  | "INSTANCE_LABELS"
  | "LINEAGE"
  | "PATTERN_VARIABLES"
  | "TABLES";

/** Name → [expression, type]; the order is the view's column order. */
type Columns = Record<string, [unknown, string]>;

const dialect = new SQLiteSyncDialect();

/** Who an instance is, for the views that list things per instance. */
function instanceKey(): Columns {
  return {
    INSTANCE_ID: [instances.id, "integer"],
    PATTERN: [patterns.name, "string"],
    FOLDER: [instanceFolders.path, "string"],
    INSTANCE: [instances.name, "string"],
  };
}

const instanceColumns: Columns = {
  ...instanceKey(),
  RELEASE: [releases.name, "string"],
  VERSION: [instances.version, "integer"],
  DESCRIPTION: [instances.description, "string"],
  ERRORS: [instances.errors, "integer"],
  INVALID: [sql`(${instances.errors} > 0)`, "integer"],
  DELETED: [instances.deleted, "integer"],
  UPLOAD_DISABLED: [instances.uploadDisabled, "integer"],
  INSERT_DISABLED: [instances.insertDisabled, "integer"],
  BUILD_DISABLED: [instances.buildDisabled, "integer"],
  EDIT_DISABLED: [instances.editDisabled, "integer"],
  CHECKED_OUT_BY_USER_ID: [instances.checkedOutByUserId, "integer"],
  CHECKED_OUT_AT: [instances.checkedOutAt, "string"],
  LATEST_COMMIT_ID: [instances.latestCommitId, "integer"],
  CREATED_AT: [instances.createdAt, "string"],
  UPDATED_AT: [instances.updatedAt, "string"],
};

const commitColumns: Columns = {
  COMMIT_ID: [commits.id, "integer"],
  ...instanceKey(),
  VERSION: [commits.version, "integer"],
  USER_ID: [commits.userId, "integer"],
  SOURCE: [commits.source, "string"],
  MESSAGE: [commits.message, "string"],
  CREATED_AT: [commits.createdAt, "string"],
  BEFORE: [commits.before, "string"],
  AFTER: [commits.after, "string"],
};

const deliveryColumns: Columns = {
  BUILD_ID: [builds.id, "integer"],
  BUILD_STATUS: [builds.status, "string"],
  BUILD_START: [builds.buildStart, "string"],
  BUILD_END: [builds.buildEnd, "string"],
  ...instanceKey(),
  VERSION: [buildInstances.version, "integer"],
  DOWNLOAD_ID: [downloads.id, "integer"],
  FILE_NAME: [downloads.name, "string"],
};

const labelColumns: Columns = { ...instanceKey(), LABEL: [labels.name, "string"] };

const level = sql`(CASE WHEN ${variableOverrides.instanceId} IS NOT NULL THEN 'instance' WHEN ${variableOverrides.instanceFolderId} IS NOT NULL THEN 'instance_folder' ELSE 'project' END)`;
const variableColumns: Columns = {
  VARIABLE_ID: [variableDefinitions.id, "integer"],
  PATTERN: [patterns.name, "string"],
  NAME: [variableDefinitions.name, "string"],
  LEVEL: [level, "string"],
  VALUE: [variableOverrides.value, "string"],
  FOLDER: [instanceFolders.path, "string"],
  INSTANCE_ID: [instances.id, "integer"],
  INSTANCE: [instances.name, "string"],
  DESCRIPTION: [variableDefinitions.description, "string"],
};

const columnColumns: Columns = {
  TABLE_SCHEMA: ["", "string"],
  TABLE_NAME: ["", "string"],
  COLUMN_NAME: ["", "string"],
  ORDINAL_POSITION: ["", "integer"],
  DATA_TYPE: ["", "string"],
  COLUMN_KIND: ["", "string"],
  REQUIRED: ["", "integer"],
};

const tableColumns: Columns = {
  TABLE_SCHEMA: ["", "string"],
  TABLE_NAME: ["", "string"],
  TABLE_TYPE: ["", "string"],
  DESCRIPTION: ["", "string"],
};

const viewColumns: Record<ViewName, Columns> = {
  INSTANCES: instanceColumns,
  COLUMNS: columnColumns,
  COMMITS: commitColumns,
  DELIVERIES: deliveryColumns,
  INSTANCE_LABELS: labelColumns,
  LINEAGE: lineageViewColumns,
  PATTERN_VARIABLES: variableColumns,
  TABLES: tableColumns,
};

export function informationSchemaColumns(view: ViewName): CatalogColumn[] {
  return Object.entries(viewColumns[view]).map(([name, [, type]]) => ({ name, type }));
}

function select(columns: Columns, overrides: Record<string, unknown> = {}) {
  return Object.fromEntries(
    Object.entries(columns).map(([name, [expr]]) => [
      name,
      sql`${name in overrides ? overrides[name] : expr}`.as(name),
    ]),
  ) as Record<string, SQL.Aliased>;
}

function out(q: { toSQL(): { sql: string; params: unknown[] } }) {
  const { sql: text, params } = q.toSQL();
  return { sql: text, params: params as SqlValue[] };
}

/**
 * A view computed from the catalog description (COLUMNS, TABLES): its rows
 * travel as one JSON parameter and are unpacked by json_each.
 */
function fromJson(columns: Columns, rows: Record<string, SqlValue>[]) {
  const fields = Object.keys(columns).map(
    (name) => sql`(${sql.raw("value")} ->> ${name}) AS ${sql.identifier(name)}`,
  );
  const q = dialect.sqlToQuery(
    sql`SELECT ${sql.join(fields, sql`, `)} FROM json_each(${JSON.stringify(rows)})`,
  );
  return { sql: q.sql, params: q.params as SqlValue[] };
}

export function informationSchemaView(
  db: Db,
  scope: MetadataScope,
  view: ViewName,
  describe: () => SchemaTable[],
): { sql: string; params: SqlValue[] } {
  const {
    buildInstances,
    builds,
    commits,
    downloads,
    instanceFolders,
    instanceLabels,
    instances,
    labels,
    patterns,
    releases,
    variableDefinitions,
    variableOverrides,
  } = tablesOf(db);
  const inProject = eq(instances.projectId, scope.projectId);
  switch (view) {
    case "INSTANCES":
      return out(
        db
          .select(select(instanceColumns))
          .from(instances)
          .innerJoin(patterns, eq(patterns.id, instances.patternId))
          .innerJoin(instanceFolders, eq(instanceFolders.id, instances.instanceFolderId))
          .leftJoin(releases, eq(releases.id, instances.releaseId))
          .where(inProject),
      );
    case "COMMITS":
      return out(
        db
          .select(select(commitColumns))
          .from(commits)
          .innerJoin(instances, eq(instances.id, commits.instanceId))
          .innerJoin(patterns, eq(patterns.id, instances.patternId))
          .innerJoin(instanceFolders, eq(instanceFolders.id, instances.instanceFolderId))
          .where(inProject),
      );
    case "DELIVERIES":
      return out(
        db
          .select(select(deliveryColumns))
          .from(buildInstances)
          .innerJoin(builds, eq(builds.id, buildInstances.buildId))
          .innerJoin(instances, eq(instances.id, buildInstances.instanceId))
          .innerJoin(patterns, eq(patterns.id, buildInstances.patternId))
          .innerJoin(instanceFolders, eq(instanceFolders.id, instances.instanceFolderId))
          .leftJoin(
            downloads,
            and(
              eq(downloads.buildId, builds.id),
              eq(downloads.patternId, buildInstances.patternId),
            ),
          )
          .where(and(eq(builds.projectId, scope.projectId), inProject)),
      );
    case "INSTANCE_LABELS":
      return out(
        db
          .select(select(labelColumns))
          .from(instanceLabels)
          .innerJoin(labels, eq(labels.id, instanceLabels.labelId))
          .innerJoin(instances, eq(instances.id, instanceLabels.instanceId))
          .innerJoin(patterns, eq(patterns.id, instances.patternId))
          .innerJoin(instanceFolders, eq(instanceFolders.id, instances.instanceFolderId))
          .where(inProject),
      );
    case "PATTERN_VARIABLES": {
      const defaults = out(
        db
          .select(
            select(variableColumns, {
              LEVEL: sql`'default'`,
              VALUE: variableDefinitions.defaultValue,
              FOLDER: sql`NULL`,
              INSTANCE_ID: sql`NULL`,
              INSTANCE: sql`NULL`,
            }),
          )
          .from(variableDefinitions)
          .innerJoin(patterns, eq(patterns.id, variableDefinitions.patternId))
          .where(eq(patterns.customerId, scope.customerId)),
      );
      const overrides = out(
        db
          .select(select(variableColumns))
          .from(variableOverrides)
          .innerJoin(variableDefinitions, eq(variableDefinitions.id, variableOverrides.variableId))
          .innerJoin(patterns, eq(patterns.id, variableDefinitions.patternId))
          .leftJoin(instances, eq(instances.id, variableOverrides.instanceId))
          .leftJoin(
            instanceFolders,
            and(
              isNotNull(variableOverrides.instanceFolderId),
              eq(instanceFolders.id, variableOverrides.instanceFolderId),
            ),
          )
          .where(
            and(
              eq(variableOverrides.projectId, scope.projectId),
              eq(patterns.customerId, scope.customerId),
            ),
          ),
      );
      return {
        sql: `${defaults.sql} UNION ALL ${overrides.sql}`,
        params: [...defaults.params, ...overrides.params],
      };
    }
    case "LINEAGE":
      return lineageViewSql(scope.projectId);
    case "COLUMNS":
      return fromJson(columnColumns, columnsViewRows(describe()));
    case "TABLES":
      return fromJson(
        tableColumns,
        describe().map((t) => ({
          TABLE_SCHEMA: t.schema,
          TABLE_NAME: t.name,
          TABLE_TYPE: t.type,
          DESCRIPTION: t.description,
        })),
      );
  }
}

/** The rows of @INFORMATION_SCHEMA.COLUMNS: one per column of each table, numbered from 1. */
export function columnsViewRows(
  tables: readonly {
    schema: string;
    name: string;
    columns: readonly { name: string; type: string; kind: string; required: boolean }[];
  }[],
) {
  return tables.flatMap((t) =>
    t.columns.map((c, k) => ({
      TABLE_SCHEMA: t.schema,
      TABLE_NAME: t.name,
      COLUMN_NAME: c.name,
      ORDINAL_POSITION: k + 1,
      DATA_TYPE: c.type,
      COLUMN_KIND: c.kind,
      REQUIRED: c.required ? 1 : 0,
    })),
  );
}
