import type { Db } from "@metabuild/db";
import type { Config } from "../config.ts";
import type { Logger } from "../infra/logger.ts";
import type { Clock } from "../infra/clock.ts";
import type { FileStore } from "../infra/file-store.ts";
import type { Metrics } from "../infra/metrics.ts";

/** What the app is built from; tests pass their own. */
export interface AppDeps {
  db: Db;
  config: Config;
  clock: Clock;
  files: FileStore;
  logger: Logger;
  /** Prometheus metrics of this app (docs/observability.md). */
  metrics: Metrics;
}
