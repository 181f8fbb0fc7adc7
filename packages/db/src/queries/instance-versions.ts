import { and, asc, eq } from "drizzle-orm";
import type { Db, Schema } from "../client.ts";
import { storeTurn } from "../client.ts";
import { first, tablesOf } from "../store.ts";

export interface CommitListRow {
  version: number;
  source: string;
  userId: number | null;
  userEmail: string | null;
  message: string | null;
  createdAt: string;
}

/** What the history shows of a version: the commit and who made it (users left-joined). */
const commitListColumns = ({ commits, users }: Schema) => ({
  version: commits.version,
  source: commits.source,
  userId: commits.userId,
  userEmail: users.email,
  message: commits.message,
  createdAt: commits.createdAt,
});

/** An instance's versions, oldest first, with who made each (for the console's history). */
export async function listInstanceCommits(db: Db, instanceId: number): Promise<CommitListRow[]> {
  await storeTurn(db);
  const t = tablesOf(db);
  const { commits, users } = t;
  return await db
    .select(commitListColumns(t))
    .from(commits)
    .leftJoin(users, eq(users.id, commits.userId))
    .where(eq(commits.instanceId, instanceId))
    .orderBy(asc(commits.version));
}

/** One version's stored state (the commit's `after` JSON text), if that version exists. */
export async function findInstanceCommit(
  db: Db,
  instanceId: number,
  version: number,
): Promise<(CommitListRow & { after: string }) | undefined> {
  await storeTurn(db);
  const t = tablesOf(db);
  const { commits, users } = t;
  return first(
    await db
      .select({ ...commitListColumns(t), after: commits.after })
      .from(commits)
      .leftJoin(users, eq(users.id, commits.userId))
      .where(and(eq(commits.instanceId, instanceId), eq(commits.version, version))),
  );
}
