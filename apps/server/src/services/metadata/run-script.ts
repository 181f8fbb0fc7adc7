import type { MetadataColumn, MetadataErrorPosition, MetadataPlan } from "@metabuild/contract";
import {
  AppError,
  type Catalog,
  DEFAULT_VIEW_DEPTH,
  DEFAULT_VIEW_MAX_EXPANDED,
  type ParsedStatement,
  type Principal,
  SqlError,
  type SqlDialect,
  type Translation,
  type ViewLimits,
  type WriteLimits,
  isWrite,
  statementType,
  translate,
} from "@metabuild/core";
import {
  type Db,
  type MetadataScope,
  metadataCatalog,
  queryColumnNames,
  runMetadataSelect,
  transaction,
} from "@metabuild/db";
import { recordAudit } from "../audit.ts";
import { InstanceWriter } from "../instances/writer.ts";
import { writeCustomTable } from "./custom-table-writes.ts";
import { writeInstances } from "./instance-inserts.ts";
import { type ColumnNames, viewColumns, writeView } from "./views.ts";

type Query = { sql: string; params: (string | number | null)[] };

/**
 * Where a script's statements are translated for and run, inside its
 * transaction: SQLite's by default (preparedScriptStore); the reader's
 * write scripts bring their own (reader-runner.ts).
 */
export interface ScriptStore {
  /** The catalog for the next statement (it may have changed after a write). */
  catalog(): Catalog | Promise<Catalog>;
  translateOptions?: { dialect?: SqlDialect };
  select(query: Query, maxRows: number): Promise<Table>;
  columnNames: ColumnNames;
}

/** SQLite's: one lazy catalog for the script, statements prepared on the store. */
export function preparedScriptStore(db: Db, scope: MetadataScope, views: ViewLimits): ScriptStore {
  const catalog = metadataCatalog(db, scope, viewColumns(db, scope, views));
  return {
    catalog: () => catalog as Catalog,
    select: (query, maxRows) => runMetadataSelect(db, query, maxRows),
    columnNames: async (query) => queryColumnNames(db, query),
  };
}

/** A job's bounds on views, the defaults where it names none. */
export function viewLimitsOf(job: Pick<ScriptJob, "viewDepth" | "viewMaxExpanded">): ViewLimits {
  return {
    viewDepth: job.viewDepth ?? DEFAULT_VIEW_DEPTH,
    viewMaxExpanded: job.viewMaxExpanded ?? DEFAULT_VIEW_MAX_EXPANDED,
  };
}

/** One request's statements and everything needed to run them away from the app. */
export interface ScriptJob {
  statements: ParsedStatement[];
  scope: MetadataScope;
  actor: Principal;
  maxRows: number;
  /** The app clock at the request (ISO), for commits and checkout expiry. */
  now: string;
  checkoutTtlSeconds: number;
  /** Names, paths and values (docs/limits.md). */
  limits: WriteLimits;
  /** The request's id, for the audit events of its writes (docs/audit-log.md). */
  requestId?: string;
  /** How deep views over views may nest (METABUILD_SQL_VIEW_DEPTH). */
  viewDepth?: number;
  /** How large a statement may grow with its views expanded (METABUILD_SQL_VIEW_MAX_EXPANDED). */
  viewMaxExpanded?: number;
  /**
   * No statements: store the columns of the project's views stored without
   * them (views.ts fillViewColumns), in the executor under its time limit.
   */
  fillViewColumns?: boolean;
  /** Plan only: run every statement, answer the last INSERT's plan, then roll back. */
  dryRun?: boolean;
}

/** The result of a script: the last statement's, or the first failing one's. */
export interface ScriptOutcome {
  stmtNo: number;
  type: string;
  sql: string;
  status: "FINISHED" | "ERROR";
  columns: MetadataColumn[];
  rows: Record<string, unknown>[];
  truncated: boolean;
  error?: string;
  /** Where the failing statement went wrong, when the dialect knows (its own errors). */
  position?: MetadataErrorPosition;
  runtime: number;
  /** A dry run's totals (docs/metadata-sql.md "Dry run"). */
  plan?: MetadataPlan;
}

export interface Table {
  columns: string[];
  declaredTypes?: (string | null)[];
  rows: unknown[][];
  truncated: boolean;
}

/** A statement that failed: it ends the script and rolls it back. */
class StatementFailed extends Error {
  constructor(
    readonly statement: ParsedStatement,
    message: string,
    readonly position: MetadataErrorPosition | undefined,
  ) {
    super(message);
  }
}

/** Ends a dry run's transaction after its last statement: everything rolls back. */
class DryRunDone extends Error {
  constructor(readonly last: { statement: ParsedStatement; table: Table } | undefined) {
    super("dry run");
  }
}

/** The totals of a dry run's instance plan (the rows of writeInstances' dry-run result). */
function planOf(table: Table): MetadataPlan {
  const status = table.columns.indexOf("status");
  const rows = table.columns.indexOf("rows");
  const plan: MetadataPlan = { create: 0, change: 0, leave: 0, rows: 0 };
  for (const row of table.rows) {
    const s = row[status];
    if (s === "INSERTED") plan.create++;
    else if (s === "UPDATED") plan.change++;
    else plan.leave++;
    plan.rows += Number(row[rows] ?? 0);
  }
  return plan;
}

/** The position of the dialect's own errors (SQLite's carry none). */
export function errorPosition(e: unknown): MetadataErrorPosition | undefined {
  return e instanceof SqlError && e.pos ? { line: e.pos.line, column: e.pos.column } : undefined;
}

/** Names SQLite's own errors the way the dialect's errors do. */
export function describeError(e: unknown): string {
  if (e instanceof SqlError || e instanceof AppError) return e.message;
  const message = e instanceof Error ? e.message : String(e);
  // SQLite names the column as emitted ("x" or "t"."x") and may add a hint about quotes.
  const column = /^no such column: (.+?)(?: - should this be a string literal.*)?$/.exec(message);
  if (column) return `Unknown column '${column[1].replace(/"/g, "")}'`;
  const ambiguous = /^ambiguous column name: (.+)$/.exec(message);
  if (ambiguous)
    return `Ambiguous column '${ambiguous[1]}': qualify it with its table's name or alias`;
  return message;
}

/** A declared SQL type by SQLite's affinity rules; text where nothing says otherwise. */
function declaredType(declared: string | null | undefined): string {
  const t = (declared ?? "").toUpperCase();
  if (t.includes("INT")) return "integer";
  if (/REAL|FLOA|DOUB|NUM|DEC/.test(t)) return "number";
  if (t.includes("BLOB")) return "binary";
  return "string";
}

/**
 * The type of a result column from its values: integer when every number is
 * whole, number when one is not, string or binary when such a value occurs;
 * a column of nulls only takes its declared type.
 */
function typeOf(rows: unknown[][], k: number, declared: string | null | undefined): string {
  let type: string | undefined;
  for (const row of rows) {
    const v = row[k];
    if (v === null || v === undefined) continue;
    if (typeof v === "bigint" || (typeof v === "number" && Number.isInteger(v))) type ??= "integer";
    else if (typeof v === "number") {
      if (type === undefined || type === "integer") type = "number";
    } else return typeof v === "string" ? "string" : "binary";
  }
  return type ?? declaredType(declared);
}

/**
 * Result column names, each once: rows are objects keyed by name, so a
 * repeated name (`SELECT h.NAME, o.NAME`) would hide a column. The repeat is
 * renamed `NAME:1`, `NAME:2`, … as SQLite names them in CREATE TABLE … AS,
 * skipping names the query already uses.
 */
export function uniqueColumnNames(names: readonly string[]): string[] {
  const taken = new Set(names);
  const seen = new Set<string>();
  return names.map((name) => {
    if (!seen.has(name)) {
      seen.add(name);
      return name;
    }
    let n = 1;
    while (taken.has(`${name}:${n}`)) n++;
    const unique = `${name}:${n}`;
    taken.add(unique);
    seen.add(unique);
    return unique;
  });
}

export function toResult(table: Table): Pick<ScriptOutcome, "columns" | "rows" | "truncated"> {
  const names = uniqueColumnNames(table.columns);
  const columns = names.map((name, k) => ({
    name,
    type: typeOf(table.rows, k, table.declaredTypes?.[k]),
    pos_no: k,
  }));
  const rows = table.rows.map((row) => {
    const out: Record<string, unknown> = {};
    names.forEach((name, k) => {
      const v = row[k];
      // JSON has no blobs or bigints: hex text and numbers instead.
      out[name] = Buffer.isBuffer(v) ? v.toString("hex") : typeof v === "bigint" ? Number(v) : v;
    });
    return out;
  });
  return { columns, rows, truncated: table.truncated };
}

/**
 * Runs a script's statements in order in one transaction on `db`: reads as
 * a deferred transaction (one consistent snapshot), writes as an immediate
 * one. The first failure rolls everything back and becomes the result.
 */
export async function runScript(
  db: Db,
  job: ScriptJob,
  onStatement?: (stmtNo: number) => void,
  /** Called just before COMMIT; throwing rolls the script back (its caller is gone). */
  beforeCommit?: () => void,
  /** Made inside the script's transaction; SQLite's unless given. */
  storeOf: (db: Db, job: ScriptJob, views: ViewLimits) => ScriptStore = (d, j, views) =>
    preparedScriptStore(d, j.scope, views),
): Promise<ScriptOutcome> {
  const started = performance.now();
  const writes = job.statements.some((s) => isWrite(s.statement));
  const writer = new InstanceWriter(
    db,
    { now: () => new Date(job.now) },
    job.limits,
    job.checkoutTtlSeconds,
  );
  const views = viewLimitsOf(job);
  const runAll = async () =>
    await transaction(
      db,
      async () => {
        const store = storeOf(db, job, views);
        let last: { statement: ParsedStatement; table: Table } | undefined;
        for (const statement of job.statements) {
          onStatement?.(statement.stmtNo);
          try {
            const translation = translate(statement.statement, await store.catalog(), {
              ...store.translateOptions,
              ...views,
            });
            last = { statement, table: await run(db, translation, job, writer, store) };
            if (isWrite(statement.statement)) await auditWrite(db, job, statement, last.table);
          } catch (e) {
            throw new StatementFailed(statement, describeError(e), errorPosition(e));
          }
        }
        // A dry run writes nothing: throwing rolls back every statement's work.
        if (job.dryRun) throw new DryRunDone(last);
        beforeCommit?.();
        return last;
      },
      { mode: writes ? "immediate" : "deferred" },
    );
  const base = (s: ParsedStatement) => ({
    stmtNo: s.stmtNo,
    type: statementType(s.statement),
    sql: s.text,
  });
  try {
    let last: { statement: ParsedStatement; table: Table } | undefined;
    try {
      last = await runAll();
    } catch (e) {
      if (!(e instanceof DryRunDone)) throw e;
      last = e.last;
    }
    if (!last) throw new Error("A script without statements");
    return {
      ...base(last.statement),
      status: "FINISHED",
      ...toResult(last.table),
      ...(job.dryRun ? { plan: planOf(last.table) } : {}),
      runtime: Math.round(performance.now() - started),
    };
  } catch (e) {
    if (!(e instanceof StatementFailed)) throw e;
    return {
      ...base(e.statement),
      status: "ERROR",
      columns: [],
      rows: [],
      truncated: false,
      error: e.message,
      ...(e.position ? { position: e.position } : {}),
      runtime: Math.round(performance.now() - started),
    };
  }
}

/**
 * One event per write statement, in the script's transaction: its text (cut
 * at AUDIT_TEXT_MAX) and what it did, never one per row (docs/audit-log.md).
 */
async function auditWrite(
  db: Db,
  job: ScriptJob,
  statement: ParsedStatement,
  table: Table,
): Promise<void> {
  const instances = table.columns.includes("status");
  const statuses: Record<string, number> = {};
  if (instances)
    for (const row of table.rows) {
      const status = String(row[table.columns.indexOf("status")]).toLowerCase();
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  const affected = table.columns[0] === "affected_rows" ? table.rows[0]?.[0] : undefined;
  await recordAudit(db, job.actor, {
    action: "metadata.write",
    projectId: job.scope.projectId,
    target: { kind: "statement", label: statementType(statement.statement) },
    after: { sql: statement.text, ...(instances ? statuses : { affected_rows: affected }) },
    requestId: job.requestId,
  });
}

async function run(
  db: Db,
  t: Translation,
  job: ScriptJob,
  writer: InstanceWriter,
  store: ScriptStore,
): Promise<Table> {
  const rowsOf = (q: Query) => rowsToWrite(store, q, job.maxRows);
  switch (t.kind) {
    case "select":
      return await store.select(t.query, job.maxRows);
    case "create_view":
    case "drop_view":
      return await writeView(db, t, job.scope, store.columnNames);
    case "insert":
      if (t.target.schema === "INSTANCES") return await writeInstances(db, t, job, writer, rowsOf);
      return await writeCustomTable(db, t, job, rowsOf);
    default:
      return await writeCustomTable(db, t, job, rowsOf);
  }
}

/** The rows a write computed; more than the row limit is refused rather than cut. */
async function rowsToWrite(store: ScriptStore, query: Query, maxRows: number) {
  const { rows, truncated } = await store.select(query, maxRows);
  if (truncated)
    throw new SqlError(
      `The statement writes more than ${maxRows} rows at once; write in smaller steps`,
    );
  return rows;
}
