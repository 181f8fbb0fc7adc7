import {
  OutputTally,
  PatternArchive,
  RenderError,
  type RenderOutputLimits,
  type Renderer,
} from "@metabuild/core";
import {
  type BuildPatch,
  type BuildRow,
  type Db,
  buildMembers,
  findBuildForRunner,
  listBuildingBuildIds,
  updateBuild,
} from "@metabuild/db";
import type { Logger } from "../../infra/logger.ts";
import type { Clock } from "../../infra/clock.ts";
import type { FileStore } from "../../infra/file-store.ts";
import type { Metrics } from "../../infra/metrics.ts";
import type { EventBus } from "../events.ts";
import { type BuildClaims, MAX_TAKEOVERS } from "./claims.ts";
import { type StoredArchive, recordFinishedBuild } from "./finish.ts";
import { BuildFailure, type RunState, renderPattern } from "./render-pattern.ts";
import { PatternRenderSource } from "./render-source.ts";
import { toBuildEventData } from "./wire.ts";

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Progress is written and published at most this often per build. */
export const PROGRESS_INTERVAL_MS = 100;

export interface RunnerOptions {
  db: Db;
  files: FileStore;
  clock: Clock;
  logger: Logger;
  metrics: Metrics;
  events: EventBus;
  renderer: Renderer;
  /** Per file and per build (docs/limits.md "Rendered output"). */
  outputLimits: RenderOutputLimits;
  /** Builds rendered at the same time; more wait in the queue. */
  concurrency: number;
  /** Render jobs of one build in flight at once (keeps every worker busy). */
  inflight: number;
  /** Which process renders which build (docs/scale-out.md "Builds"). */
  claims: BuildClaims;
}

/** The run stops here and leaves the build to whoever stopped it. */
class Interrupted extends Error {
  /** "lost": another process took the build over (this one stalled); its files are the other's now. */
  constructor(readonly why: "canceled" | "stopping" | "lost") {
    super(why);
  }
}

/** A file key from a pattern name: the name may hold characters no file system likes. */
function archiveKey(buildId: number, patternName: string): string {
  return `builds/${buildId}/${patternName.replace(/[^A-Za-z0-9._-]/g, "_")}.zip`;
}

/**
 * Runs builds off the request thread, a bounded number at a time: renders
 * every instance of every pattern (in chunks, through the renderer), writes
 * one archive per pattern, then the downloads and the final status.
 */
export class BuildRunner {
  private readonly queue: number[] = [];
  private readonly running = new Map<number, Promise<void>>();
  private readonly waiters = new Map<number, Set<() => void>>();
  private readonly canceled = new Set<number>();
  private readonly lost = new Set<number>();
  /** Builds this process resumes at start whatever claim they carry (docs/scale-out.md "Builds"). */
  private readonly forced = new Set<number>();
  private stopClaims = () => {};
  private stopping = false;
  private runs = 0;

  constructor(private readonly o: RunnerOptions) {}

  /** Queues a BUILDING build; it starts as soon as a slot is free. */
  enqueue(id: number): void {
    if (this.stopping || this.isActive(id)) return;
    this.queue.push(id);
    this.pump();
  }

  /** Builds rendering now (the builds_in_progress gauge). */
  get inProgress(): number {
    return this.running.size;
  }

  /** Builds waiting for a render slot (the render_queue_depth gauge). */
  get queued(): number {
    return this.queue.length;
  }

  isActive(id: number): boolean {
    return this.running.has(id) || this.queue.includes(id);
  }

  /**
   * Takes up builds left BUILDING by a stop or a crash; returns how many.
   * With several servers on one store, builds whose process is gone are
   * taken over by `keepClaims` once their claim is stale instead.
   */
  async recover(): Promise<number> {
    if (!this.o.claims.options.onlyServer) return 0;
    const ids = await listBuildingBuildIds(this.o.db);
    for (const id of ids) {
      this.forced.add(id);
      this.enqueue(id);
    }
    if (ids.length > 0) this.o.logger.info(`Resuming ${ids.length} interrupted build(s)`);
    return ids.length;
  }

  /** Heartbeats this process's claims and takes up waiting builds while a slot is free. */
  keepClaims(): void {
    this.stopClaims = this.o.claims.keep({
      running: () => [...this.running.keys()],
      lost: (id) => this.lost.add(id),
      hasFreeSlot: () =>
        !this.stopping && this.running.size + this.queue.length < this.o.concurrency,
      take: (id) => this.enqueue(id),
      warn: (message) => this.o.logger.warn(message),
    });
  }

  /** Resolves when the build is no longer queued or running, or after `timeoutMs`. */
  waitFor(id: number, timeoutMs: number): Promise<void> {
    if (!this.isActive(id)) return Promise.resolve();
    return new Promise((resolve) => {
      let set = this.waiters.get(id);
      if (!set) {
        set = new Set();
        this.waiters.set(id, set);
      }
      const waiters = set;
      const done = () => {
        clearTimeout(timer);
        waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      waiters.add(done);
    });
  }

  /** Marks a BUILDING build CANCELED; false when it had already ended. */
  async cancel(build: BuildRow, message: string): Promise<boolean> {
    const patch: BuildPatch = { status: "CANCELED", message, buildEnd: this.now() };
    if (!(await updateBuild(this.o.db, build.id, patch, { onlyIfBuilding: true }))) return false;
    const at = this.queue.indexOf(build.id);
    if (at >= 0) {
      this.queue.splice(at, 1);
      this.settle(build.id);
    } else if (this.running.has(build.id)) this.canceled.add(build.id);
    this.publish("build.status", (await findBuildForRunner(this.o.db, build.id)) ?? build);
    return true;
  }

  /** Stops taking work; running builds stop at their next chunk and stay BUILDING. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.stopClaims();
    this.queue.length = 0;
    await Promise.allSettled([...this.running.values()]);
    // Another server may take them up at once instead of after the stale bound.
    await this.o.claims.release().catch(() => {});
    await this.o.renderer.close();
  }

  private pump(): void {
    while (!this.stopping && this.running.size < this.o.concurrency && this.queue.length > 0) {
      const id = this.queue.shift() as number;
      // Start on a later turn: the request that queued the build answers first.
      const run = nextTurn()
        .then(() => this.run(id))
        .catch((err) => this.o.logger.error(`build ${id} could not be run:`, err))
        .finally(() => {
          this.running.delete(id);
          this.canceled.delete(id);
          this.lost.delete(id);
          this.forced.delete(id);
          this.settle(id);
          this.pump();
        });
      this.running.set(id, run);
    }
  }

  private settle(id: number): void {
    for (const done of [...(this.waiters.get(id) ?? [])]) done();
    this.waiters.delete(id);
  }

  private now(): string {
    return this.o.clock.now().toISOString();
  }

  private publish(type: "build.progress" | "build.status", build: BuildRow): void {
    this.o.events.publish({
      type,
      customerId: build.customerId,
      projectId: build.projectId,
      build: toBuildEventData(build),
    });
  }

  private checkpoint(id: number): void {
    if (this.canceled.has(id)) throw new Interrupted("canceled");
    if (this.lost.has(id)) throw new Interrupted("lost");
    if (this.stopping) throw new Interrupted("stopping");
  }

  /** Writes progress and message, at most every PROGRESS_INTERVAL_MS unless forced. */
  private async report(state: RunState, force = false): Promise<void> {
    const now = Date.now();
    if (!force && now - state.lastReport < PROGRESS_INTERVAL_MS) return;
    state.lastReport = now;
    const progress = state.total === 0 ? 100 : Math.floor((100 * state.rendered) / state.total);
    const patch = { progress, message: state.message, mts: now };
    if (!(await updateBuild(this.o.db, state.build.id, patch, { onlyIfBuilding: true }))) {
      // Canceled through another server process: stop at the next chunk.
      this.canceled.add(state.build.id);
      return;
    }
    this.publish("build.progress", { ...state.build, ...patch });
  }

  private async run(id: number): Promise<void> {
    const claim = await this.o.claims.take(id, this.forced.has(id));
    if (!claim) return; // another server process renders it, or it ended meanwhile
    try {
      await this.runClaimed(id, claim.takeovers);
    } finally {
      await this.o.claims.release([id]);
    }
  }

  private async runClaimed(id: number, takeovers: number): Promise<void> {
    const build = await findBuildForRunner(this.o.db, id);
    if (build?.status !== "BUILDING") return;
    if (takeovers >= MAX_TAKEOVERS) {
      await this.fail(
        build,
        `Build failed: the server process building it stopped ${takeovers} times; not tried again`,
      );
      return;
    }
    const run = ++this.runs;
    const members = await buildMembers(this.o.db, id);
    const state: RunState = {
      build,
      output: new OutputTally(this.o.outputLimits.totalBytes),
      total: members.length,
      rendered: 0,
      message: "Starting",
      lastReport: 0,
    };
    const stored: string[] = [];
    const started = performance.now();
    const ended = (status: string) =>
      this.o.metrics.buildEnded(status, (performance.now() - started) / 1000, state.rendered);
    try {
      await this.report(state, true);
      const byPattern = new Map<number, number[]>();
      for (const m of members) {
        const ids = byPattern.get(m.patternId);
        if (ids) ids.push(m.instanceId);
        else byPattern.set(m.patternId, [m.instanceId]);
      }
      const archives: StoredArchive[] = [];
      for (const [patternId, ids] of byPattern) {
        this.checkpoint(id);
        const source = await PatternRenderSource.open(
          this.o.db,
          build,
          patternId,
          run,
          this.o.outputLimits,
        );
        const archive = new PatternArchive(source.program);
        const patternRun = {
          renderer: this.o.renderer,
          inflight: this.o.inflight,
          checkpoint: () => this.checkpoint(state.build.id),
          report: () => this.report(state),
        };
        await renderPattern(patternRun, state, source, archive, ids);
        state.message = `Writing ${source.program.pattern.name}.zip`;
        await this.report(state, true);
        let zip: Awaited<ReturnType<PatternArchive["zip"]>>;
        try {
          zip = await archive.zip();
        } catch (err) {
          throw new BuildFailure(err instanceof Error ? err.message : String(err));
        }
        const key = archiveKey(id, source.program.pattern.name);
        const put = await this.o.files.put(key, zip.data);
        stored.push(key);
        archives.push({ source, key, ...put });
      }
      this.checkpoint(id);
      const patternCount = archives.length;
      const finished = await recordFinishedBuild(this.o.db, build, archives, {
        message:
          state.total === 0
            ? "Nothing to build"
            : `Built ${state.total} instance(s) into ${patternCount} archive(s)`,
        at: this.now(),
      });
      // Canceled while the last archive was written: the files are not needed.
      if (!finished) await this.discard(stored);
      ended(finished ? "FINISHED" : "CANCELED");
      this.publish("build.status", (await findBuildForRunner(this.o.db, id)) ?? build);
    } catch (err) {
      if (err instanceof Interrupted) {
        // A cancel has written its status; a stop leaves BUILDING for the next start;
        // a lost claim leaves the build (and its archive keys) to the process that took it.
        if (err.why === "canceled") {
          await this.discard(stored);
          ended("CANCELED");
        }
        return;
      }
      await this.discard(stored);
      const known = err instanceof RenderError || err instanceof BuildFailure;
      if (!known) this.o.logger.error(`build ${id} failed:`, err);
      const message = known
        ? (err as Error).message
        : "Build failed: internal error (see the server log)";
      await this.fail(build, message);
      ended("FAILED");
    }
  }

  private async fail(build: BuildRow, message: string): Promise<void> {
    const patch = { status: "FAILED", message, buildEnd: this.now(), mts: Date.now() };
    await updateBuild(this.o.db, build.id, patch, { onlyIfBuilding: true });
    this.publish("build.status", (await findBuildForRunner(this.o.db, build.id)) ?? build);
  }

  private async discard(keys: string[]): Promise<void> {
    await Promise.allSettled(keys.map((k) => this.o.files.delete(k)));
  }
}
