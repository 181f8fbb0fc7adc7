import { execFile } from "node:child_process";
import { promisify } from "node:util";
import pg from "pg";
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
export class PostgresToolError extends Error {}

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

async function tool(name: "pg_dump" | "pg_restore", args: string[], url: string) {
  const target = toolTarget(url);
  try {
    await run(name, [...args, `--dbname=${target.url}`], {
      env: target.env,
      maxBuffer: 16 * 1024 * 1024,
    });
  } catch (err) {
    const e = err as NodeJS.ErrnoException & { stderr?: string };
    if (e.code === "ENOENT")
      throw new PostgresToolError(
        `${name} is not on PATH: install the PostgreSQL client tools (Debian: postgresql-client) of the server's major version or newer`,
      );
    const said = (e.stderr ?? e.message).trim().split("\n").slice(0, 3).join("\n");
    throw new PostgresToolError(
      `${name} failed on ${redactDatabaseUrl(url)}: ${said.replaceAll(target.url, redactDatabaseUrl(url))}`,
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

/**
 * Replaces the database's store by the dump in `file`: the store's schemas
 * (`public`'s tables, sequences and types, and drizzle's migration table) are
 * dropped, then pg_restore writes the dump in one transaction. The caller
 * then opens the store, which applies the migrations added since the dump.
 */
export async function restorePostgres(url: string, file: string): Promise<void> {
  await withClient(url, async (client) => {
    await client.query("begin");
    try {
      await client.query("drop schema if exists drizzle cascade");
      const { rows } = await client.query<{ name: string; kind: string }>(
        `select quote_ident(c.relname) as name, c.relkind as kind from pg_class c
           join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind in ('r', 'S', 'v', 'm')
          -- Views first, sequences last: a table's drop takes its identity sequence along.
          order by position(c.relkind::text in 'vmrS')`,
      );
      for (const { name, kind } of rows) {
        const what = { r: "table", S: "sequence", v: "view", m: "materialized view" }[kind];
        await client.query(`drop ${what} if exists public.${name} cascade`);
      }
      await client.query("commit");
    } catch (err) {
      await client.query("rollback");
      throw err;
    }
  });
  await tool(
    "pg_restore",
    ["--single-transaction", "--no-owner", "--no-privileges", "--exit-on-error", file],
    url,
  );
}
