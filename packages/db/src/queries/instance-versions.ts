import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../client.ts";
import { commits, users } from "../schema/index.ts";

export interface CommitListRow {
  version: number;
  source: string;
  userId: number | null;
  userEmail: string | null;
  message: string | null;
  createdAt: string;
}

/** An instance's versions, oldest first, with who made each (for the console's history). */
export function listInstanceCommits(db: Db, instanceId: number): CommitListRow[] {
  return db
    .select({
      version: commits.version,
      source: commits.source,
      userId: commits.userId,
      userEmail: users.email,
      message: commits.message,
      createdAt: commits.createdAt,
    })
    .from(commits)
    .leftJoin(users, eq(users.id, commits.userId))
    .where(eq(commits.instanceId, instanceId))
    .orderBy(asc(commits.version))
    .all();
}

/** One version's stored state (the commit's `after` JSON text), if that version exists. */
export function findInstanceCommit(
  db: Db,
  instanceId: number,
  version: number,
): (CommitListRow & { after: string }) | undefined {
  return db
    .select({
      version: commits.version,
      source: commits.source,
      userId: commits.userId,
      userEmail: users.email,
      message: commits.message,
      createdAt: commits.createdAt,
      after: commits.after,
    })
    .from(commits)
    .leftJoin(users, eq(users.id, commits.userId))
    .where(and(eq(commits.instanceId, instanceId), eq(commits.version, version)))
    .get();
}
