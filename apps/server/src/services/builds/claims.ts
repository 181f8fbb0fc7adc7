import { randomUUID } from "node:crypto";
import {
  type ClaimedBuild,
  type Db,
  claimBuild,
  claimNextBuild,
  releaseBuildClaims,
  renewBuildClaims,
} from "@metabuild/db";

/** A build taken over this often from processes that died on it ends FAILED (docs/scale-out.md "Builds"). */
export const MAX_TAKEOVERS = 3;

export interface BuildClaimOptions {
  /** Seconds after which a claim whose process stopped heartbeating may be taken over. */
  staleMs: number;
  /**
   * True when this process is the store's only server (SQLite, under its
   * lease): at start every BUILDING build is its own to resume, whatever
   * claim a killed predecessor left.
   */
  onlyServer: boolean;
}

/**
 * This process's claims on builds (docs/scale-out.md "Builds"): a build is
 * rendered by the one process that claimed it in the store; the claim is
 * heartbeated while the build runs and given up when it ends.
 */
export class BuildClaims {
  /** A random id of this process's run: what the claims name. */
  readonly holder = randomUUID();

  constructor(
    private readonly db: Db,
    readonly options: BuildClaimOptions,
  ) {}

  private at(force = false) {
    const now = Date.now();
    return { now, staleBefore: force ? Number.POSITIVE_INFINITY : now - this.options.staleMs };
  }

  /** Claims one build; undefined when another live process holds it or it is no longer BUILDING. */
  take(buildId: number, force = false): Promise<ClaimedBuild | undefined> {
    return claimBuild(this.db, buildId, this.holder, this.at(force));
  }

  /** Claims the oldest waiting (or abandoned) build, if any. */
  next(): Promise<ClaimedBuild | undefined> {
    return claimNextBuild(this.db, this.holder, this.at());
  }

  /** Renews every claim held; answers those of `running` that another process took over meanwhile. */
  async renew(running: number[]): Promise<number[]> {
    const kept = new Set(await renewBuildClaims(this.db, this.holder, Date.now()));
    return running.filter((id) => !kept.has(id));
  }

  release(buildIds?: number[]): Promise<void> {
    return releaseBuildClaims(this.db, this.holder, buildIds);
  }

  /**
   * Every fifth of the stale bound: renews the claims of the builds running
   * here (reporting those another process took over), then, while a render
   * slot is free, claims builds waiting in the store: started through another
   * process, or abandoned by one that died. Answers the function that stops.
   */
  keep(runner: {
    running(): number[];
    lost(buildId: number): void;
    hasFreeSlot(): boolean;
    take(buildId: number): void;
    warn(message: string): void;
  }): () => void {
    const every = Math.max(50, Math.floor(this.options.staleMs / 5));
    let stopped = false;
    let timer: NodeJS.Timeout | undefined;
    const tick = async () => {
      for (const id of await this.renew(runner.running())) runner.lost(id);
      while (!stopped && runner.hasFreeSlot()) {
        const claim = await this.next();
        if (!claim) break;
        runner.take(claim.buildId);
      }
    };
    const beat = () => {
      tick()
        .catch((err) => runner.warn(`build claims: ${(err as Error).message}`))
        .finally(() => {
          if (!stopped) timer = setTimeout(beat, every);
        });
    };
    timer = setTimeout(beat, 0);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }
}
