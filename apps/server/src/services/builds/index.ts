import {
  InlineRenderer,
  type RenderOutputLimits,
  RenderPool,
  type Renderer,
} from "@metabuild/core";
import type { AccessService } from "../access.ts";
import { servesStoreAlone } from "../../config.ts";
import type { AppDeps } from "../deps.ts";
import { DownloadService } from "../downloads.ts";
import type { EventBus } from "../events.ts";
import type { InstanceWriter } from "../instances/writer.ts";
import type { InstanceService } from "../instances/service.ts";
import { executorPids } from "../metadata/executor-pool.ts";
import { BuildArchiveService } from "./archives.ts";
import { BuildClaims } from "./claims.ts";
import { BuildPlanner } from "./plan.ts";
import { BuildRunner } from "./runner.ts";
import { BuildService } from "./service.ts";

/** Builds rendered at once; the rest queue (docs/reference/rules.md §6: "a bounded number at a time"). */
const CONCURRENT_BUILDS = 2;

/** The configured output limits of builds and previews (docs/limits.md "Rendered output"). */
export function renderOutputLimits(config: AppDeps["config"]): RenderOutputLimits {
  return { fileBytes: config.renderMaxFileBytes, totalBytes: config.renderMaxTotalBytes };
}

/** The build services: starting and running builds, their archives and downloads. */
export function createBuildServices(
  deps: AppDeps,
  shared: {
    access: AccessService;
    instances: InstanceService;
    instanceWriter: InstanceWriter;
    events: EventBus;
  },
) {
  const { db, config, clock, files, logger } = deps;
  // Workers keep the API thread free; 0 renders in this thread (tests, tiny setups).
  const renderer: Renderer =
    config.buildWorkers > 0
      ? new RenderPool(config.buildWorkers, config.renderMemoryMb, config.childIdleSeconds * 1000)
      : new InlineRenderer();
  const runner = new BuildRunner({
    db,
    files,
    clock,
    logger,
    metrics: deps.metrics,
    events: shared.events,
    renderer,
    outputLimits: renderOutputLimits(config),
    concurrency: CONCURRENT_BUILDS,
    // Two chunks posted to each worker plus one loaded and waiting.
    inflight: Math.max(1, config.buildWorkers) * 3,
    claims: new BuildClaims(db, {
      staleMs: config.buildClaimStaleSeconds * 1000,
      // Under the store's lease this process is its only server (docs/scale-out.md).
      onlyServer: servesStoreAlone(config),
    }),
  });
  const planner = new BuildPlanner(db, shared.instances);
  deps.metrics.watch({
    renderQueueDepth: () => runner.queued,
    buildsInProgress: () => runner.inProgress,
    childProcesses: () => ({
      render_worker: renderer instanceof RenderPool ? renderer.pids : [],
      sql_executor: executorPids(),
    }),
  });
  let stopped = false;
  return {
    builds: new BuildService(
      db,
      shared.access,
      planner,
      runner,
      shared.instanceWriter,
      clock,
      config.waitTimeout,
    ),
    buildArchives: new BuildArchiveService(db, shared.access, files),
    downloads: new DownloadService(db, shared.access, files),
    /** The render pool (or inline renderer) builds use; pattern previews render there too. */
    renderer,
    /**
     * Call once the server listens: resumes interrupted builds. The render
     * workers start with the first build or preview, not here (memory, docs/builds.md).
     */
    async startBuilds() {
      await runner.recover();
      runner.keepClaims();
    },
    /** Call before closing the store: running builds stop and stay BUILDING. */
    stopBuilds: () => {
      stopped = true;
      return runner.stop();
    },
    /** Readiness (docs/observability.md "Health"): the render workers take builds. */
    workersReady: () => !stopped,
  };
}
