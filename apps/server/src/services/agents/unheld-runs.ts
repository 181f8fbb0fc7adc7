import {
  type BuildDeploymentRow,
  type Db,
  type HarvestRunRow,
  QUEUED_RUN_KINDS,
  type QueuedRunKind,
  agentsByIds,
  runsByIds,
  takeUnheldQueuedRuns,
  unheldUnfinishedRunIds,
} from "@metabuild/db";

/** Ends a run of either kind FAILED with the reason. */
export type FailRun = (
  kind: QueuedRunKind,
  run: BuildDeploymentRow | HarvestRunRow,
  reason: string,
) => Promise<void>;

/**
 * The deployment and harvest runs whose agent no server process holds
 * (docs/scale-out.md "Agents"): those still queued were never sent, the
 * others were sent over a connection that is gone. Nobody else can end
 * them, so any process's sweep does.
 */
export async function endUnheldRuns(db: Db, fail: FailRun): Promise<void> {
  for (const kind of QUEUED_RUN_KINDS) {
    const queued = await takeUnheldQueuedRuns(db, kind);
    const taken = new Set(queued.map((r) => r.id));
    const unheld = await runsByIds(
      db,
      kind,
      (await unheldUnfinishedRunIds(db, kind)).filter((id) => !taken.has(id)),
    );
    const ids = [...queued, ...unheld].map((r) => r.agentId as number);
    const named = new Map((await agentsByIds(db, ids)).map((a) => [a.id, a.name]));
    for (const run of queued)
      await fail(
        kind,
        run,
        `Agent '${named.get(run.agentId as number)}' went offline before the run was sent`,
      );
    for (const run of unheld)
      await fail(
        kind,
        run,
        `Agent '${named.get(run.agentId as number)}' is not connected to any server process`,
      );
  }
}
