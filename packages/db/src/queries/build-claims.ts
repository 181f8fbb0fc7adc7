import { sql } from "drizzle-orm";
import { type Db, storeTurn } from "../client.ts";
import { allRows, runStatement, sqlOf, tablesOf } from "../store.ts";

// Builds claimed by exactly one server process (docs/scale-out.md "Builds").
// Every claim is one statement: of two processes asking at once, one gets
// the row, the other nothing.

export interface ClaimedBuild {
  buildId: number;
  /** How often the build was taken over from a process that stopped heartbeating. */
  takeovers: number;
}

/**
 * Claims one build for `holder` when it is BUILDING and unclaimed, already
 * the holder's, or claimed by a process whose heartbeat is older than
 * `staleBefore`. Answers the claim, or undefined when another process holds it.
 */
export async function claimBuild(
  db: Db,
  buildId: number,
  holder: string,
  at: { now: number; staleBefore: number },
): Promise<ClaimedBuild | undefined> {
  await storeTurn(db);
  const { buildClaims, builds } = tablesOf(db);
  const rows = await allRows<ClaimedBuild>(
    db,
    sql`insert into ${buildClaims} (build_id, claimed_by, heartbeat_at, takeovers)
      select ${builds.id}, cast(${holder} as text), cast(${at.now} as bigint), 0 from ${builds}
       where ${builds.id} = ${buildId} and ${builds.status} = 'BUILDING'
      on conflict (build_id) do update
        set claimed_by = excluded.claimed_by, heartbeat_at = excluded.heartbeat_at,
            takeovers = ${buildClaims.takeovers}
              + (case when ${buildClaims.claimedBy} = excluded.claimed_by then 0 else 1 end)
      where ${buildClaims.claimedBy} = excluded.claimed_by or ${buildClaims.heartbeatAt} < ${at.staleBefore}
      returning build_id as "buildId", takeovers`,
  );
  return rows[0];
}

/**
 * Claims the oldest BUILDING build nobody holds (or whose holder stopped
 * heartbeating) for `holder`. On PostgreSQL the candidate row is locked with
 * `FOR UPDATE SKIP LOCKED`, so processes polling together take different
 * builds instead of queueing on one.
 */
export async function claimNextBuild(
  db: Db,
  holder: string,
  at: { now: number; staleBefore: number },
): Promise<ClaimedBuild | undefined> {
  await storeTurn(db);
  const { buildClaims, builds } = tablesOf(db);
  const lock = sqlOf(db).lockSkippingLocked(builds);
  const rows = await allRows<ClaimedBuild>(
    db,
    sql`insert into ${buildClaims} (build_id, claimed_by, heartbeat_at, takeovers)
      select ${builds.id}, cast(${holder} as text), cast(${at.now} as bigint), 0 from ${builds}
        left join ${buildClaims} on ${buildClaims.buildId} = ${builds.id}
       where ${builds.status} = 'BUILDING'
         and (${buildClaims.buildId} is null or ${buildClaims.heartbeatAt} < ${at.staleBefore})
       order by ${builds.id} limit 1 ${lock}
      on conflict (build_id) do update
        set claimed_by = excluded.claimed_by, heartbeat_at = excluded.heartbeat_at,
            takeovers = ${buildClaims.takeovers} + 1
      where ${buildClaims.heartbeatAt} < ${at.staleBefore}
      returning build_id as "buildId", takeovers`,
  );
  return rows[0];
}

/**
 * Renews the heartbeat of every claim `holder` still has; answers the ids it
 * renewed. A build missing from the answer was taken over: its run must stop.
 */
export async function renewBuildClaims(db: Db, holder: string, now: number): Promise<number[]> {
  await storeTurn(db);
  const { buildClaims } = tablesOf(db);
  const rows = await db
    .update(buildClaims)
    .set({ heartbeatAt: now })
    .where(sql`${buildClaims.claimedBy} = ${holder}`)
    .returning({ buildId: buildClaims.buildId });
  return rows.map((r) => r.buildId);
}

/** Gives a claim up (the run ended, or the process stops): another process may take the build at once. */
export async function releaseBuildClaims(
  db: Db,
  holder: string,
  buildIds?: number[],
): Promise<void> {
  await storeTurn(db);
  const { buildClaims } = tablesOf(db);
  if (buildIds?.length === 0) return;
  const only = buildIds ? sql` and ${buildClaims.buildId} in ${buildIds}` : sql``;
  await runStatement(
    db,
    sql`delete from ${buildClaims} where ${buildClaims.claimedBy} = ${holder}${only}`,
  );
}
