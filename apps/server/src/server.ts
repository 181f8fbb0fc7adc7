import { type ServerType, serve } from "@hono/node-server";
import { type Db, closeStore, oneServerPerStore, openStore } from "@metabuild/db";
import { createApp } from "./app.ts";
import { answerClientError } from "./http/client-error.ts";
import type { Logger } from "./infra/logger.ts";
import { type Config, storeOf } from "./config.ts";
import { systemClock } from "./infra/clock.ts";
import { LocalFileStore } from "./infra/file-store.ts";
import { createLogger } from "./infra/logger.ts";
import { Metrics } from "./infra/metrics.ts";
import { takeServerLease } from "./infra/server-lease.ts";
import type { Server } from "node:http";
import { join } from "node:path";
import type { AppDeps } from "./services/deps.ts";
import { serverStopping } from "./services/events.ts";
import { relayEvents } from "./services/event-relay.ts";
import { createServices } from "./services/index.ts";
import { drain } from "./shutdown.ts";

/** The server could not take its address: one line for the person starting it. */
export class ListenError extends Error {}

export interface RunningServer {
  url: string;
  deps: AppDeps;
  /**
   * Stops accepting and gives requests in flight up to `graceMs` to finish
   * (0: cut them at once, as tests do); docs/operations.md "Shutdown".
   */
  close(graceMs?: number): Promise<void>;
  /**
   * Resolves once this server stopped because another process took its
   * store's lease (docs/scale-out.md "One server per SQLite store").
   */
  lost: Promise<void>;
}

/**
 * Opens the store, takes its lease (LeaseHeld when another server holds it),
 * builds the app and listens; resolves once the server is ready.
 */
export async function startServer(
  config: Config,
  logger: Logger = createLogger({ level: config.logLevel }),
): Promise<RunningServer> {
  const db = await openConfiguredStore(config, logger);
  // Before anything touches the store's state: a second server must not mark
  // the running one's agents offline (docs/scale-out.md). On PostgreSQL
  // several servers share the store by design: no lease.
  let lostLease = () => {};
  const lost = new Promise<void>((resolve) => {
    lostLease = resolve;
  });
  let close: RunningServer["close"] = async () => {};
  const lease = oneServerPerStore(db)
    ? await takeServerLease(db, {
        store: config.databaseFile,
        staleMs: config.serverLeaseStaleSeconds * 1000,
        logger,
        lost(message) {
          logger.error(message);
          void close(config.shutdownGraceSeconds * 1000).then(lostLease);
        },
      }).catch(async (err: unknown) => {
        await closeStore(db);
        throw err;
      })
    : { release: async () => {} };
  const deps: AppDeps = {
    db,
    config,
    clock: systemClock,
    files: new LocalFileStore(join(config.dataDir, "files")),
    logger,
    metrics: new Metrics({ processMetrics: true }),
  };
  const services = createServices(deps);
  const app = createApp(deps, services);
  // Other server processes of a PostgreSQL store hear this one's events (docs/scale-out.md).
  const stopRelay = await relayEvents(db, services.events, logger);
  // Listen before touching the store's state: a server that cannot serve leaves it as it is.
  const server: ServerType = await new Promise<ServerType>((resolve, reject) => {
    const s = serve({ fetch: app.fetch, hostname: config.host, port: config.port }, () =>
      resolve(s),
    );
    s.once("error", reject);
  }).catch(async (err: NodeJS.ErrnoException) => {
    await lease.release();
    services.metadata.close();
    await stopRelay();
    await closeStore(db);
    throw err.code === "EADDRINUSE"
      ? new ListenError(
          `Cannot listen on ${config.host}:${config.port}: the port is in use (set PORT to another one)`,
        )
      : err;
  });
  // No agent is connected yet and no deployment can still be running; a running
  // deployment plan ends FAILED first, so no later step starts (docs/deployment-plans.md).
  await services.planRunner.recoverAfterRestart();
  await services.agentHub.recoverAfterRestart();
  // Deployments queued through other processes reach agents connected here (docs/scale-out.md).
  const stopAgentConnections = await services.agentHub.keep();
  app.injectWebSocket(server as Server);
  // Node's 5 s default races clients and proxies reusing an idle connection (ECONNRESET);
  // the headers limit must outlast it (docs/operations.md "Behind a proxy").
  (server as Server).keepAliveTimeout = config.keepAliveSeconds * 1000;
  (server as Server).headersTimeout = (config.keepAliveSeconds + 1) * 1000;
  server.on("clientError", answerClientError);
  // Warm the render workers and take up builds a previous run left BUILDING.
  await services.startBuilds();
  // Start the metadata statement executor, so the first statement does not wait for it.
  services.metadata.warm();
  // Audit events past METABUILD_AUDIT_RETENTION_DAYS go now and daily (docs/audit-log.md).
  const stopAuditRetention = await services.audit.keepRetention(logger);
  // Harvest schedules start their runs on their cron minutes (docs/harvesting.md).
  const stopHarvestSchedules = services.harvestSchedules.keepTicking();
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  close = (graceMs = 0) =>
    drain(
      {
        server: server as Server,
        endLongLived() {
          services.events.publish(serverStopping());
          services.agentHub.closeAll();
        },
        // Running builds stop at their next chunk and stay BUILDING for the next start.
        stopBuilds: () => services.stopBuilds(),
        async release() {
          stopAuditRetention();
          stopHarvestSchedules();
          services.metadata.close();
          await stopAgentConnections();
          await stopRelay();
          await lease.release();
          await closeStore(db);
        },
      },
      graceMs,
    );
  return { url: `http://${config.host}:${port}`, deps, close, lost };
}

/** The store DATABASE_URL (or METABUILD_DATA_DIR) names, migrated (docs/stores.md). */
export function openConfiguredStore(config: Config, logger: Logger): Promise<Db> {
  return openStore({
    ...storeOf(config),
    onIdleError: (err) => logger.warn(`PostgreSQL connection lost: ${err.message}`),
  });
}
