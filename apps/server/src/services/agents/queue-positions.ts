import {
  type BuildDeploymentRow,
  type Db,
  unfinishedBuildDeployments,
  unfinishedHarvestRuns,
} from "@metabuild/db";

interface InLine {
  kind: "deployment" | "harvest";
  id: number;
  running: boolean;
  createdAt: string;
}

/**
 * Where each QUEUED deployment run stands in its agent's line (docs/agents.md
 * "Cancel, time limit, queue"): an agent carries deployments and harvests out
 * one at a time in the order they were queued, so a run's position is 1 +
 * the unfinished runs of either kind ahead of it, the running one included.
 */
export async function queuePositions(
  db: Db,
  runs: readonly BuildDeploymentRow[],
): Promise<Map<number, number>> {
  const positions = new Map<number, number>();
  const agents = new Set<number>();
  for (const r of runs) if (r.status === "QUEUED" && r.agentId !== null) agents.add(r.agentId);
  for (const agentId of agents) {
    const line: InLine[] = [
      ...(await unfinishedBuildDeployments(db, agentId)).map((r) => entry("deployment", r)),
      ...(await unfinishedHarvestRuns(db, agentId)).map((r) => entry("harvest", r)),
    ].sort(
      (a, b) =>
        Number(b.running) - Number(a.running) ||
        a.createdAt.localeCompare(b.createdAt) ||
        a.kind.localeCompare(b.kind) ||
        a.id - b.id,
    );
    line.forEach((e, i) => {
      if (e.kind === "deployment") positions.set(e.id, i + 1);
    });
  }
  return positions;
}

function entry(
  kind: InLine["kind"],
  row: { id: number; status: string; createdAt: string },
): InLine {
  return { kind, id: row.id, running: row.status === "RUNNING", createdAt: row.createdAt };
}

/** The runs of either kind an agent has not finished: what a run queued now waits behind. */
export async function runsAheadOf(db: Db, agentId: number): Promise<number> {
  const deployments = await unfinishedBuildDeployments(db, agentId);
  const harvests = await unfinishedHarvestRuns(db, agentId);
  return deployments.length + harvests.length;
}
