import { metadataFunctionsSql } from "./functions.ts";

/**
 * The second wall around metadata statements on PostgreSQL (docs/metadata-sql.md
 * "On PostgreSQL"). The emitter already confines each table to the caller's
 * project; the statement also runs as `metabuild_sql_reader`, a role that
 * may read only the tables the catalog reads, and row level security lets it
 * see only rows of the project and customer set for the transaction
 * (`metabuild.project_id`, `metabuild.customer_id`).
 */

export const METADATA_READER_ROLE = "metabuild_sql_reader";

const PROJECT = "NULLIF(current_setting('metabuild.project_id', true), '')::bigint";
const CUSTOMER = "NULLIF(current_setting('metabuild.customer_id', true), '')::bigint";
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
    `GRANT USAGE ON SCHEMA metabuild_sql TO ${role}`,
    `GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA metabuild_sql TO ${role}`,
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
export interface PgQueryable {
  query(text: string, values?: unknown[]): Promise<unknown>;
}

/** Sets the reader up in one transaction (see metadataReaderSql). */
export async function prepareMetadataReader(client: PgQueryable): Promise<void> {
  await client.query("BEGIN");
  try {
    // Two stores opening at once must not both create the role.
    await client.query("SELECT pg_advisory_xact_lock(hashtext('metabuild_sql_reader'))");
    for (const statement of metadataReaderSql()) await client.query(statement);
    await client.query("COMMIT");
  } catch (e) {
    await client.query("ROLLBACK");
    throw e;
  }
}
