import { type SQL, and, eq, inArray, sql } from "drizzle-orm";
import { type Db, storeTurn } from "../client.ts";
import type { buildDeployments, harvestRuns } from "../schema/index.ts";
import { changedRows } from "../store.ts";

/**
 * The life of a run an agent carries out, the same for deployments and
 * harvests (docs/agents.md, docs/harvesting.md): QUEUED → RUNNING → SUCCEEDED
 * or FAILED, with a log that grows until the run ends. Each step is one
 * conditional statement, so a late or repeated report never changes an
 * ended run.
 */
export type AgentRunTable = typeof buildDeployments | typeof harvestRuns;

/** How a run ends: as the agent reported, or CANCELLED by a user (deployments only). */
export type AgentRunEnd = "SUCCEEDED" | "FAILED" | "CANCELLED";

/** Runs not finished yet. */
export const UNFINISHED = ["QUEUED", "RUNNING"] as const;

const logLines = (lines: readonly string[]) => lines.map((l) => `${l}\n`).join("");

/** QUEUED → RUNNING; false when the run is not QUEUED any more. */
export async function markAgentRunRunning(
  db: Db,
  t: AgentRunTable,
  id: number,
  at: string,
): Promise<boolean> {
  await storeTurn(db);
  return (
    changedRows(
      await db
        .update(t)
        .set({ status: "RUNNING", startedAt: at })
        .where(and(eq(t.id, id), eq(t.status, "QUEUED"))),
    ) > 0
  );
}

/** Appends log lines to an unfinished run; false when it has finished already. */
export async function appendAgentRunLog(
  db: Db,
  t: AgentRunTable,
  id: number,
  lines: readonly string[],
): Promise<boolean> {
  await storeTurn(db);
  return (
    changedRows(
      await db
        .update(t)
        .set({ log: sql`${t.log} || ${logLines(lines)}` })
        .where(and(eq(t.id, id), inArray(t.status, [...UNFINISHED]))),
    ) > 0
  );
}

/**
 * Ends an unfinished run (appending `lines` to its log); false when it had
 * ended already, so a late report never overwrites the first outcome.
 */
export async function finishAgentRun(
  db: Db,
  t: AgentRunTable,
  id: number,
  status: AgentRunEnd,
  at: string,
  lines: readonly string[] = [],
): Promise<boolean> {
  await storeTurn(db);
  return (
    changedRows(
      await db
        .update(t)
        .set({
          status,
          finishedAt: at,
          startedAt: sql`coalesce(${t.startedAt}, ${at})`,
          log: sql`${t.log} || ${logLines(lines)}`,
        })
        .where(and(eq(t.id, id), inArray(t.status, [...UNFINISHED]))),
    ) > 0
  );
}

/** The `where` of the unfinished runs, of one agent or (without one) of everybody. */
export function unfinishedAgentRuns(t: AgentRunTable, agentId?: number): SQL | undefined {
  const where: SQL[] = [inArray(t.status, [...UNFINISHED])];
  if (agentId !== undefined) where.push(eq(t.agentId, agentId));
  return and(...where);
}
