import type { CatalogColumn, CatalogView } from "@metabuild/contract";
import {
  type Catalog,
  type ParsedStatement,
  type SqlDialect,
  SqlError,
  type ViewLimits,
  isWrite,
  sqlDialectNamed,
  statementType,
  translate,
  viewQuery,
} from "@metabuild/core";
import {
  type Db,
  type MetadataScope,
  MetadataTimeout,
  type SchemaTable,
  type ReaderQueryable,
  type ReaderSelect,
  describeReaderError,
  loadReaderCatalog,
  metadataPool,
  metadataSqlOf,
  prepareMetadataStore,
  readerColumnNames,
  runReaderScript,
  selectRowsForWrite,
  storeCustomViewColumns,
  transactionClient,
} from "@metabuild/db";
import type { Metrics } from "../../infra/metrics.ts";
import {
  type ScriptJob,
  type ScriptOutcome,
  type ScriptStore,
  describeError,
  errorPosition,
  runScript,
  toResult,
  viewLimitsOf,
} from "./run-script.ts";
import { ScriptTurns, busyRefusal } from "./script-turns.ts";
import { typed } from "./views.ts";
import type { MetadataStatementRunner, RunnerConfig } from "./statement-runner.ts";

/**
 * The store reader's runner, PostgreSQL's (docs/metadata-sql.md "On PostgreSQL"): a script of
 * SELECTs runs in one read-only snapshot as the reader role with the time
 * limit as statement_timeout; a script with writes runs in a write
 * transaction of this process, each write's rows computed as the reader
 * (selectRowsForWrite) and written through the domain as on SQLite. The
 * executor pool's fairness rules hold here too, per process (ScriptTurns).
 */
export class ReaderStatementRunner implements MetadataStatementRunner {
  private readonly turns = new ScriptTurns();
  /** The SQL the store's reader speaks. */
  private readonly dialect: SqlDialect;

  constructor(
    private readonly db: Db,
    private readonly config: RunnerConfig,
    private readonly metrics?: Metrics,
  ) {
    this.dialect = sqlDialectNamed(metadataSqlOf(db).dialect);
  }

  async run(job: ScriptJob): Promise<ScriptOutcome> {
    await prepareMetadataStore(this.db);
    const limits = {
      owner: String(job.actor.id),
      perUser: this.config.sqlPerUser,
      queueMs: this.config.sqlQueueMs,
      executors: this.config.sqlExecutors,
      timeoutMs: this.config.sqlTimeoutMs,
    };
    const outcome = await this.turns.run(limits, async () => {
      if (job.dryRun || job.statements.some((s) => isWrite(s.statement))) {
        // One time limit for the whole script, as on SQLite: each SELECT gets what is left.
        const deadline = performance.now() + this.config.sqlTimeoutMs;
        return await runScript(this.db, job, undefined, undefined, (db) =>
          this.writeStore(db, job, deadline),
        );
      }
      return await this.read(job);
    });
    if ("stmtNo" in outcome) return outcome;
    // Nothing ran: an HTTP 429 rather than an ERROR result (docs/metadata-sql.md "Fairness").
    this.metrics?.sqlExecuted("REFUSED");
    throw busyRefusal(outcome, this.config.sqlPerUser);
  }

  /**
   * The stored columns of views; those of a view stored without them are
   * named by a query as the reader under the time limit, and stored.
   */
  async describe(scope: MetadataScope): Promise<SchemaTable[]> {
    await prepareMetadataStore(this.db);
    const pool = metadataPool(this.db);
    const workedOut = this.viewColumns(pool, scope, {
      viewDepth: this.config.sqlViewDepth,
      viewMaxExpanded: this.config.sqlViewMaxExpanded,
    });
    const catalog = await loadReaderCatalog(pool, scope, async (view, id) => {
      // Kept even when none (it does not translate): worked out once, as on SQLite.
      const columns = (await workedOut(view)) ?? [];
      await storeCustomViewColumns(this.db, { id, definition: view.definition }, columns);
      return columns;
    });
    return catalog.describe() as SchemaTable[];
  }

  warm(): void {
    // The reader is set up before the first statement needs it.
    prepareMetadataStore(this.db).catch(() => {});
  }

  async ready(): Promise<void> {
    await prepareMetadataStore(this.db);
  }

  close(): void {}

  private options(scope: MetadataScope, rowLimit: number) {
    return { ...scope, timeoutMs: this.config.sqlTimeoutMs, rowLimit };
  }

  /**
   * Columns of a view stored without them: translated on the plain catalog
   * (bounded by METABUILD_SQL_VIEW_MAX_EXPANDED), named by a query as the
   * reader under the time limit; undefined when it does not translate.
   */
  private viewColumns(client: ReaderQueryable, scope: MetadataScope, views: ViewLimits) {
    const pool = metadataPool(this.db);
    let plain: Catalog | undefined;
    return async (view: CatalogView): Promise<CatalogColumn[] | undefined> => {
      try {
        plain ??= (await loadReaderCatalog(client, scope)) as Catalog;
        const { query, columns } = viewQuery(view, plain, { dialect: this.dialect, ...views });
        const names = await readerColumnNames(
          pool,
          { ...scope, timeoutMs: this.config.sqlTimeoutMs },
          query,
        );
        return typed(names, columns);
      } catch {
        return undefined;
      }
    };
  }

  /** A script's view columns: stored ones, else worked out (a view that does not translate: none). */
  private scriptViewColumns(client: ReaderQueryable, scope: MetadataScope, views: ViewLimits) {
    const workedOut = this.viewColumns(client, scope, views);
    return async (view: CatalogView) => (await workedOut(view)) ?? [];
  }

  /** A script of SELECTs: every statement in one read-only snapshot. */
  private async read(job: ScriptJob): Promise<ScriptOutcome> {
    const started = performance.now();
    const pool = metadataPool(this.db);
    const views = viewLimitsOf(job);
    const outcome = (
      statement: ParsedStatement,
      rest: Omit<ScriptOutcome, "stmtNo" | "type" | "sql" | "runtime">,
    ): ScriptOutcome => ({
      stmtNo: statement.stmtNo,
      type: statementType(statement.statement),
      sql: statement.text,
      ...rest,
      runtime: Math.round(performance.now() - started),
    });
    const failed = (statement: ParsedStatement, e: unknown, names?: Record<string, string>) => {
      const position = errorPosition(e);
      const known = e instanceof Error && !("code" in e);
      return outcome(statement, {
        status: "ERROR",
        columns: [],
        rows: [],
        truncated: false,
        error: known ? describeError(e) : describeReaderError(e, names),
        ...(position ? { position } : {}),
      });
    };
    let catalog: Catalog;
    try {
      const info = job.statements.some((s) => /INFORMATION_SCHEMA/i.test(s.text));
      catalog = (await loadReaderCatalog(
        pool,
        job.scope,
        info ? this.scriptViewColumns(pool, job.scope, views) : undefined,
      )) as Catalog;
    } catch (e) {
      return failed(job.statements[0], e);
    }
    // Translated up front; a statement that does not translate ends the script there.
    const selects: { statement: ParsedStatement; query: ReaderSelect }[] = [];
    let refused: { statement: ParsedStatement; error: unknown } | undefined;
    for (const statement of job.statements) {
      try {
        const t = translate(statement.statement, catalog, { dialect: this.dialect, ...views });
        if (t.kind !== "select")
          throw new SqlError(`${statementType(statement.statement)} is no read`);
        selects.push({ statement, query: t.query });
      } catch (e) {
        refused = { statement, error: e };
        break;
      }
    }
    let at = 0;
    try {
      const outs = await runReaderScript(
        pool,
        this.options(job.scope, job.maxRows),
        selects.map((s) => s.query),
        (index) => {
          at = index;
        },
      );
      if (refused) return failed(refused.statement, refused.error);
      const last = outs.length - 1;
      return outcome(selects[last].statement, { status: "FINISHED", ...toResult(outs[last]) });
    } catch (e) {
      const statement = selects[at]?.statement ?? job.statements[0];
      if (e instanceof MetadataTimeout)
        return outcome(statement, {
          status: "ERROR",
          columns: [],
          rows: [],
          truncated: false,
          error: e.message,
        });
      return failed(statement, e, selects[at]?.query.names);
    }
  }

  /** A write script's store, inside its transaction (runScript). */
  private writeStore(db: Db, job: ScriptJob, deadline: number): ScriptStore {
    const client = transactionClient(db);
    const views = viewLimitsOf(job);
    const info = job.statements.some((s) => /INFORMATION_SCHEMA/i.test(s.text));
    const select = async (query: ReaderSelect, maxRows: number) => {
      const left = Math.round(deadline - performance.now());
      if (left < 1) throw new MetadataTimeout(this.config.sqlTimeoutMs);
      try {
        return await selectRowsForWrite(
          client,
          { ...this.options(job.scope, maxRows), leftMs: left },
          query,
        );
      } catch (e) {
        if (e instanceof MetadataTimeout || !(e instanceof Error) || !("code" in e)) throw e;
        throw new SqlError(describeReaderError(e, query.names));
      }
    };
    return {
      // Reloaded for every statement: an earlier one may have made a table or view.
      catalog: async () =>
        (await loadReaderCatalog(
          client,
          job.scope,
          info ? this.scriptViewColumns(client, job.scope, views) : undefined,
        )) as Catalog,
      translateOptions: { dialect: this.dialect },
      select,
      columnNames: async (query) => (await select(query as ReaderSelect, 0)).columns,
    };
  }
}
