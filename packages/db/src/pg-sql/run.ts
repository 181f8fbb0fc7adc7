import type { SqlValue } from "@metabuild/contract";
import pg from "pg";
import { METADATA_READER_ROLE, beginReaderTransaction } from "./confine.ts";

/**
 * Runs translated metadata SELECTs on PostgreSQL (docs/metadata-sql.md
 * "On PostgreSQL"): one read-only transaction per script (one snapshot),
 * with the time limit as `statement_timeout`, as the reader role, with the
 * project and customer the row level security policies read
 * (beginReaderTransaction). Results are shaped as
 * SQLite's runner shapes them (runMetadataSelect): columns, rows as arrays,
 * numbers as JS numbers, conditions as 1/0.
 */

export interface ReaderSelect {
  sql: string;
  params: SqlValue[];
  /** Result names as emitted → as the dialect names them (the emitter's folding). */
  names?: Record<string, string>;
}

export interface ReaderSelectOutcome {
  columns: string[];
  declaredTypes: (string | null)[];
  rows: unknown[][];
  truncated: boolean;
}

export interface ReaderScriptOptions {
  projectId: number;
  customerId: number;
  /** METABUILD_SQL_TIMEOUT_MS: every statement of the script together. */
  timeoutMs: number;
  /** METABUILD_SQL_MAX_ROWS: more rows are cut and `truncated` set. */
  rowLimit: number;
}

/** The time limit's text, the same as the SQLite executor's (apps/server/src/services/metadata/service.ts). */
export function timeLimitMessage(timeoutMs: number): string {
  return `The statement ran longer than the time limit of ${timeoutMs} ms and was stopped; nothing was changed`;
}

/** A statement PostgreSQL stopped at the time limit. */
export class MetadataTimeout extends Error {
  constructor(timeoutMs: number) {
    super(timeLimitMessage(timeoutMs));
  }
}

const INT8 = 20;
const NUMERIC = 1700;
const BOOL = 16;

/** Declared types SQLite would name for PostgreSQL's integer and float columns. */
const DECLARED: Record<number, string> = {
  20: "INTEGER",
  21: "INTEGER",
  23: "INTEGER",
  700: "REAL",
  701: "REAL",
};

/** Numbers as numbers (SQLite's answers are), conditions as 1/0. */
const types = {
  getTypeParser(oid: number, format?: string) {
    if (oid === INT8 || oid === NUMERIC) return (v: string) => Number(v);
    if (oid === BOOL) return (v: string) => (v === "t" ? 1 : 0);
    return (pg.types.getTypeParser as (o: number, f?: string) => (v: string) => unknown)(
      oid,
      format,
    );
  },
};

/** PostgreSQL's messages in the dialect's words, where they name something the user wrote. */
export function describeReaderError(e: unknown, names: Record<string, string> = {}): string {
  const err = e as { code?: string; message?: string };
  const message = err.message ?? String(e);
  const back = (n: string) => names[n] ?? n;
  const column = /^column (?:"?(.+?)"?\.)?"?(.+?)"? does not exist$/.exec(message);
  if (column) return `Unknown column '${column[1] ? `${back(column[1])}.` : ""}${back(column[2])}'`;
  const ambiguous = /^column reference "(.+)" is ambiguous$/.exec(message);
  if (ambiguous)
    return `Ambiguous column '${back(ambiguous[1])}': qualify it with its table's name or alias`;
  const fn = /^function metabuild_sql\.(\w+)\((.*)\) does not exist$/.exec(message);
  if (fn || /^operator does not exist/.test(message) || err.code === "42804")
    return `On PostgreSQL, values of different types do not mix here (${message.replace(/metabuild_sql\./g, "")}); CAST them to one type first`;
  return message;
}

/**
 * Runs one script's SELECTs in one read-only transaction on a connection of
 * `pool`, in order; `onStatement` is told the index of each statement as it
 * starts (so a failure can be put on its statement). A statement over the
 * time limit ends the script with MetadataTimeout.
 */
export async function runReaderScript(
  pool: pg.Pool,
  options: ReaderScriptOptions,
  selects: ReaderSelect[],
  onStatement?: (index: number) => void,
): Promise<ReaderSelectOutcome[]> {
  const client = await pool.connect();
  let broken = false;
  try {
    await beginReaderTransaction(client, options, options.timeoutMs);
    const out: ReaderSelectOutcome[] = [];
    // The time limit is the script's, as on SQLite: each statement gets what is left.
    const deadline = performance.now() + options.timeoutMs;
    for (const [index, select] of selects.entries()) {
      onStatement?.(index);
      const left = Math.round(deadline - performance.now());
      if (left < 1) throw new MetadataTimeout(options.timeoutMs);
      await client.query("SELECT set_config('statement_timeout', $1, true)", [String(left)]);
      out.push(await runOne(client, select, options.rowLimit));
    }
    // Nothing to keep: the scope row must not be committed, and reads wrote nothing.
    await client.query("ROLLBACK");
    return out;
  } catch (e) {
    try {
      await client.query("ROLLBACK");
    } catch {
      broken = true;
    }
    if ((e as { code?: string }).code === "57014") throw new MetadataTimeout(options.timeoutMs);
    throw e;
  } finally {
    client.release(broken);
  }
}

/** One SELECT through a cursor, so at most `rowLimit + 1` rows are read. */
async function runOne(
  client: pg.PoolClient,
  select: ReaderSelect,
  rowLimit: number,
): Promise<ReaderSelectOutcome> {
  await client.query({
    text: `DECLARE metabuild_rows NO SCROLL CURSOR FOR ${select.sql}`,
    values: select.params,
  });
  const result = await client.query({
    text: `FETCH ${Math.max(0, Math.floor(rowLimit)) + 1} FROM metabuild_rows`,
    rowMode: "array",
    types,
  });
  await client.query("CLOSE metabuild_rows");
  const rows = result.rows as unknown[][];
  const truncated = rows.length > rowLimit;
  if (truncated) rows.length = rowLimit;
  const names = select.names ?? {};
  return {
    columns: result.fields.map((f) => names[f.name] ?? f.name),
    // Only a column of nulls reads its declared type (the result's `type`): the catalog's
    // integer columns are bigint, as SQLite declares them INTEGER (docs/metadata-sql.md "Results").
    declaredTypes: result.fields.map((f) => DECLARED[f.dataTypeID] ?? null),
    rows,
    truncated,
  };
}

/** One SELECT in its own script (see runReaderScript). */
export async function runReaderSelect(
  pool: pg.Pool,
  options: ReaderScriptOptions & { query: ReaderSelect },
): Promise<ReaderSelectOutcome> {
  const [outcome] = await runReaderScript(pool, options, [options.query]);
  return outcome;
}

/**
 * The SELECT that computes a write's rows, inside the caller's own write
 * transaction on `client` (so it sees the script's earlier writes): as the
 * reader, with the scope row, in a savepoint rolled back afterwards, so
 * neither the role nor the scope row outlives it. Writes themselves go
 * through the domain, as on SQLite.
 */
export async function selectRowsForWrite(
  client: pg.PoolClient,
  options: ReaderScriptOptions & {
    /** What is left of the script's time limit (default: all of `timeoutMs`). */
    leftMs?: number;
  },
  select: ReaderSelect,
): Promise<ReaderSelectOutcome> {
  await client.query("SAVEPOINT metabuild_rows");
  try {
    await client.query(
      "INSERT INTO metabuild_sql.scope (project_id, customer_id) VALUES ($1, $2)",
      [options.projectId, options.customerId],
    );
    await client.query("SELECT set_config('statement_timeout', $1, true)", [
      String(Math.max(1, Math.round(options.leftMs ?? options.timeoutMs))),
    ]);
    await client.query(`SET LOCAL ROLE ${METADATA_READER_ROLE}`);
    return await runOne(client, select, options.rowLimit);
  } catch (e) {
    if ((e as { code?: string }).code === "57014") throw new MetadataTimeout(options.timeoutMs);
    throw e;
  } finally {
    await client.query("ROLLBACK TO SAVEPOINT metabuild_rows");
    await client.query("RELEASE SAVEPOINT metabuild_rows");
  }
}

/** A query's result column names as the dialect names them (CREATE VIEW's check, a view's columns). */
export async function readerColumnNames(
  pool: pg.Pool,
  options: Omit<ReaderScriptOptions, "rowLimit">,
  select: ReaderSelect,
): Promise<string[]> {
  const out = await runReaderSelect(pool, { ...options, rowLimit: 0, query: select });
  return out.columns;
}
