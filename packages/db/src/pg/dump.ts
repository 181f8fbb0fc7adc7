import { execFile } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import { promisify } from "node:util";
import pg from "pg";
import { StoreToolError } from "../store-errors.ts";
import { redactDatabaseUrl } from "../store-url.ts";
import { pgClientOptions } from "./client.ts";

const run = promisify(execFile);

/**
 * Backup and restore of a PostgreSQL store (docs/stores.md "Backup and
 * restore"): `pg_dump -Fc` of the database, one consistent snapshot taken
 * while servers keep writing, and `pg_restore` of it in one transaction.
 * The client tools must be on PATH, of the server's major version or newer.
 */

/** A tool's failure, in words that name the store without its password. */
export class PostgresToolError extends StoreToolError {}

/** The URL without its password, which goes to the tool through PGPASSWORD (never on its command line). */
function toolTarget(url: string): { url: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const env: NodeJS.ProcessEnv = { ...process.env };
  const password = parsed.password
    ? decodeURIComponent(parsed.password)
    : parsed.searchParams.get("password");
  if (password) env.PGPASSWORD = password;
  parsed.password = "";
  parsed.searchParams.delete("password");
  return { url: parsed.toString(), env };
}

function missingTool(name: string): PostgresToolError {
  return new PostgresToolError(
    `${name} is not on PATH: install the PostgreSQL client tools (Debian: postgresql-client) of the server's major version or newer`,
  );
}

/** Runs a client tool; with `url`, on that database (`--dbname`, the password in PGPASSWORD). */
async function tool(name: "pg_dump" | "pg_restore" | "psql", args: string[], url?: string) {
  const target = url ? toolTarget(url) : { url: "", env: process.env };
  const shown = url ? redactDatabaseUrl(url) : "";
  try {
    await run(name, url ? [...args, `--dbname=${target.url}`] : args, {
      env: target.env,
      maxBuffer: 16 * 1024 * 1024,
    });
  } catch (err) {
    const e = err as NodeJS.ErrnoException & { stderr?: string };
    if (e.code === "ENOENT") throw missingTool(name);
    const said = (e.stderr ?? e.message).trim().split("\n").slice(0, 3).join("\n");
    throw new PostgresToolError(
      url
        ? `${name} failed on ${shown}: ${said.replaceAll(target.url, shown)}`
        : `${name} failed: ${said}`,
    );
  }
}

/** Writes the whole database to `file` in pg_dump's custom format (one snapshot; safe while servers run). */
export async function dumpPostgres(url: string, file: string): Promise<void> {
  await tool(
    "pg_dump",
    ["--format=custom", "--no-owner", "--no-privileges", `--file=${file}`],
    url,
  );
}

export interface PostgresUse {
  /** The database holds tables (of a store, or anything else). */
  holdsTables: boolean;
  /** Other sessions on the database (running servers, other tools). */
  otherSessions: number;
}

async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client(pgClientOptions(url));
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Whether a restore would replace something, and whether anybody else uses the database. */
export async function postgresUse(url: string): Promise<PostgresUse> {
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ tables: number; sessions: number }>(
      `select (select count(*) from pg_tables
                where schemaname not in ('pg_catalog', 'information_schema')) as tables,
              (select count(*) from pg_stat_activity
                where datname = current_database() and pid <> pg_backend_pid()) as sessions`,
    );
    const row = rows[0] as { tables: number; sessions: number };
    return { holdsTables: Number(row.tables) > 0, otherSessions: Number(row.sessions) };
  });
}

// The store's objects, dropped first in the restore's own transaction: views
// first, sequences last (a table's drop takes its identity sequence along).
const DROP_STORE = `
drop schema if exists drizzle cascade;
do $$
declare r record;
begin
  for r in
    select c.relname, c.relkind from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('v', 'm', 'r', 'S')
     order by position(c.relkind::text in 'vmrS')
  loop
    execute format('drop %s if exists public.%I cascade',
      case r.relkind when 'v' then 'view' when 'm' then 'materialized view'
                     when 'r' then 'table' else 'sequence' end, r.relname);
  end loop;
end $$;
`;

/**
 * Replaces the database's store by the dump in `file`, all or nothing:
 * `pg_restore` turns the dump into SQL beside it, then one psql transaction
 * drops the store (the `public` schema's tables, views and sequences, and
 * drizzle's migration table) and runs that SQL; an error rolls all of it
 * back. The caller then opens the store, which applies the migrations added
 * since the dump.
 */
export async function restorePostgres(url: string, file: string): Promise<void> {
  const script = `${file}.sql`;
  const drops = `${file}.drop.sql`;
  try {
    await tool("pg_restore", ["--no-owner", "--no-privileges", `--file=${script}`, file]);
    writeFileSync(drops, DROP_STORE);
    await tool(
      "psql",
      [
        "--no-psqlrc",
        "--quiet",
        "--single-transaction",
        "--set=ON_ERROR_STOP=1",
        "--output=/dev/null",
        `--file=${drops}`,
        `--file=${script}`,
      ],
      url,
    );
  } finally {
    rmSync(script, { force: true });
    rmSync(drops, { force: true });
  }
}
