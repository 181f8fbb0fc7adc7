import { createHash } from "node:crypto";
import { metadataFunctionsSql } from "./functions.ts";

/**
 * The second wall around metadata statements on PostgreSQL (docs/metadata-sql.md
 * "On PostgreSQL"). The emitter already confines each table to the caller's
 * project; the statement also runs as `metabuild_sql_reader`, a role that
 * may read only the tables the catalog reads, and row level security lets it
 * see only rows of the transaction's project and customer. Those come from
 * `metabuild_sql.scope`: the runner inserts one row there before the
 * transaction turns read-only and rolls it back at the end, so the row is
 * visible to that transaction alone and never committed (a deferred
 * trigger refuses a commit). A setting (set_config) would not do: any role
 * may change its own settings; the reader cannot write that table.
 */

export const METADATA_READER_ROLE = "metabuild_sql_reader";

const PROJECT = "(SELECT project_id FROM metabuild_sql.scope LIMIT 1)";
const CUSTOMER = "(SELECT customer_id FROM metabuild_sql.scope LIMIT 1)";
const OWN_INSTANCES = `SELECT id FROM instances WHERE project_id = ${PROJECT}`;

/** Each table the catalog reads, with the rows the reader may see. */
export const READER_TABLES: Record<string, string> = {
  instances: `project_id = ${PROJECT}`,
  instance_rows: `instance_id IN (${OWN_INSTANCES})`,
  instance_folders: `project_id = ${PROJECT}`,
  release_groups: `customer_id = ${CUSTOMER}`,
  releases: `release_group_id IN (SELECT id FROM release_groups WHERE customer_id = ${CUSTOMER})`,
  patterns: `customer_id = ${CUSTOMER}`,
  custom_tables: `project_id = ${PROJECT}`,
  custom_table_rows: `table_id IN (SELECT id FROM custom_tables WHERE project_id = ${PROJECT})`,
  commits: `instance_id IN (${OWN_INSTANCES})`,
  labels: `project_id = ${PROJECT}`,
  instance_labels: `instance_id IN (${OWN_INSTANCES})`,
  // @INFORMATION_SCHEMA.LINEAGE (docs/lineage.md).
  instance_references: `project_id = ${PROJECT}`,
  builds: `project_id = ${PROJECT}`,
  build_instances: `build_id IN (SELECT id FROM builds WHERE project_id = ${PROJECT})`,
  downloads: `project_id = ${PROJECT}`,
  variable_definitions: `pattern_id IN (SELECT id FROM patterns WHERE customer_id = ${CUSTOMER})`,
  variable_overrides: `project_id = ${PROJECT}`,
};

/**
 * The statements that set up the reader: functions, role, grants, policies.
 * Idempotent; run by the store's owner at open (or by a migration). Other
 * roles keep seeing every row: their policy is permissive and true, the
 * reader's is restrictive.
 */
export function metadataReaderSql(): string[] {
  const role = METADATA_READER_ROLE;
  const out = [
    // Function bodies refer to each other; they are checked when called.
    "SET LOCAL check_function_bodies = off",
    ...metadataFunctionsSql(),
    `DO $r$ BEGIN
       IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${role}') THEN
         CREATE ROLE ${role} NOLOGIN NOINHERIT;
       END IF;
     END $r$`,
    `GRANT ${role} TO CURRENT_USER`,
    "CREATE UNLOGGED TABLE IF NOT EXISTS metabuild_sql.scope (project_id bigint NOT NULL, customer_id bigint NOT NULL)",
    "REVOKE ALL ON metabuild_sql.scope FROM PUBLIC",
    `GRANT SELECT ON metabuild_sql.scope TO ${role}`,
    `CREATE OR REPLACE FUNCTION metabuild_sql.scope_never_committed() RETURNS trigger LANGUAGE plpgsql AS $t$
     BEGIN RAISE EXCEPTION 'metabuild_sql.scope rows are never committed'; END $t$`,
    "DROP TRIGGER IF EXISTS scope_never_committed ON metabuild_sql.scope",
    "CREATE CONSTRAINT TRIGGER scope_never_committed AFTER INSERT ON metabuild_sql.scope DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION metabuild_sql.scope_never_committed()",
    `GRANT USAGE ON SCHEMA metabuild_sql TO ${role}`,
    `GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA metabuild_sql TO ${role}`,
    `REVOKE EXECUTE ON FUNCTION metabuild_sql.scope_never_committed() FROM ${role}, PUBLIC`,
  ];
  for (const [table, rows] of Object.entries(READER_TABLES)) {
    out.push(
      `GRANT SELECT ON ${table} TO ${role}`,
      `ALTER TABLE ${table} ENABLE ROW LEVEL SECURITY`,
      `DROP POLICY IF EXISTS metabuild_everyone ON ${table}`,
      `CREATE POLICY metabuild_everyone ON ${table} AS PERMISSIVE FOR ALL TO PUBLIC USING (true) WITH CHECK (true)`,
      `DROP POLICY IF EXISTS metabuild_sql_scope ON ${table}`,
      `CREATE POLICY metabuild_sql_scope ON ${table} AS RESTRICTIVE FOR SELECT TO ${role} USING (${rows})`,
    );
  }
  return out;
}

/** A client that runs statements one by one (pg's Client or PoolClient). */
export interface ReaderQueryable {
  query(text: string, values?: unknown[]): Promise<unknown>;
}

/**
 * Opens a reader's transaction on `client`: the scope row, then read-only
 * with one snapshot for the whole script, the time limit, the reader role.
 * End it with ROLLBACK (endReaderTransaction).
 */
export async function beginReaderTransaction(
  client: ReaderQueryable,
  scope: { projectId: number; customerId: number },
  timeoutMs: number,
): Promise<void> {
  await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ");
  await client.query("INSERT INTO metabuild_sql.scope (project_id, customer_id) VALUES ($1, $2)", [
    scope.projectId,
    scope.customerId,
  ]);
  await client.query("SET TRANSACTION READ ONLY");
  await client.query("SELECT set_config('statement_timeout', $1, true)", [
    String(Math.max(1, Math.round(timeoutMs))),
  ]);
  await client.query(`SET LOCAL ROLE ${METADATA_READER_ROLE}`);
}

/** Sets the reader up in one transaction (see metadataReaderSql). */
export async function prepareMetadataReader(client: ReaderQueryable): Promise<void> {
  const statements = metadataReaderSql();
  const version = `reader ${createHash("sha256").update(statements.join(";\n")).digest("hex")}`;
  await client.query("BEGIN");
  try {
    // Two stores opening at once must not both create the role.
    await client.query("SELECT pg_advisory_xact_lock(hashtext('metabuild_sql_reader'))");
    // Set up already by this version (another process, an earlier start):
    // the DDL below takes every reader table's exclusive lock one after
    // another, which would stall, or deadlock with, the other processes'
    // requests (docs/scale-out.md).
    const current = (await client.query(
      `SELECT obj_description(n.oid, 'pg_namespace') = $1
              AND CASE WHEN EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${METADATA_READER_ROLE}')
                  THEN pg_has_role(current_user, '${METADATA_READER_ROLE}', 'MEMBER') ELSE false END AS ready
         FROM pg_namespace n WHERE n.nspname = 'metabuild_sql'`,
      [version],
    )) as { rows: { ready: boolean | null }[] };
    if (current.rows[0]?.ready !== true) {
      for (const statement of statements) await client.query(statement);
      await client.query(`COMMENT ON SCHEMA metabuild_sql IS '${version}'`);
    }
    await client.query("COMMIT");
  } catch (e) {
    await client.query("ROLLBACK");
    throw e;
  }
}
