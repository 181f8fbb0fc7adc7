import type { Principal } from "@metabuild/core";
import { type Db, type MetadataScope, type SchemaTable, metadataSqlOf } from "@metabuild/db";
import type { Config } from "../../config.ts";
import type { Logger } from "../../infra/logger.ts";
import type { Metrics } from "../../infra/metrics.ts";
import { type ExecutorPool, sharedExecutorPool } from "./executor-pool.ts";
import { ExecutorStatementRunner } from "./executor-runner.ts";
import { ReaderStatementRunner } from "./reader-runner.ts";
import type { ScriptJob, ScriptOutcome } from "./run-script.ts";

/**
 * Where metadata statements run (docs/metadata-sql.md): the one choice the
 * store makes for the metadata service (`metadataSqlOf`). SQLite runs a
 * script in an executor child process on the store file; PostgreSQL in this
 * process as the store's reader role (one snapshot, statement_timeout).
 */
export interface MetadataStatementRunner {
  /** One script: its outcome, or an ERROR outcome for the time limit or a stop. */
  run(job: ScriptJob, principal: Principal): Promise<ScriptOutcome>;
  /**
   * Tables, views and columns a statement in `scope` can use (the editor's
   * completion). Views' columns are the stored ones; those of views stored
   * without are worked out in the executor first, as `principal`'s script.
   */
  describe(scope: MetadataScope, principal: Principal): Promise<SchemaTable[]>;
  /** Readies what the first statement needs (server start). */
  warm(): void;
  /** Resolves when what warm() started is ready (tests wait for it). */
  ready(): Promise<void>;
  close(): void;
}

export type RunnerConfig = Pick<
  Config,
  | "databaseFile"
  | "sqlTimeoutMs"
  | "sqlMaxRows"
  | "sqlPerUser"
  | "sqlQueueMs"
  | "sqlExecutors"
  | "sqlViewDepth"
  | "sqlViewMaxExpanded"
> &
  Partial<Pick<Config, "childIdleSeconds">>;

/** The runner of the store `db` is. */
export function metadataStatementRunner(
  db: Db,
  config: RunnerConfig,
  logger: Logger,
  metrics: Metrics,
  pool: () => ExecutorPool = sharedExecutorPool,
): MetadataStatementRunner {
  return metadataSqlOf(db).runner === "reader"
    ? new ReaderStatementRunner(db, config, metrics)
    : new ExecutorStatementRunner(db, config, logger, metrics, pool);
}
