import { and, asc, eq, isNull, lt, or } from "drizzle-orm";
import type { Db } from "../client.ts";
import { storeTurn } from "../client.ts";
import type { apiTokens } from "../schema/index.ts";
import { changedRows, first, returnedRow, tablesOf } from "../store.ts";

export type ApiTokenRow = typeof apiTokens.$inferSelect;

/** Stores a new token; the caller hashed its text (docs/identity.md). */
export async function insertApiToken(
  db: Db,
  token: Omit<typeof apiTokens.$inferInsert, "id" | "createdAt" | "lastUsedAt">,
): Promise<ApiTokenRow> {
  await storeTurn(db);
  const { apiTokens } = tablesOf(db);
  return returnedRow(await db.insert(apiTokens).values(token).returning());
}

/** The customer's tokens, newest first; `userId` keeps one person's own tokens only. */
export async function listApiTokens(
  db: Db,
  customerId: number,
  userId?: number,
): Promise<(ApiTokenRow & { projectName: string; ownerEmail: string | null })[]> {
  await storeTurn(db);
  const { apiTokens, projects, users } = tablesOf(db);
  const where = [eq(apiTokens.customerId, customerId)];
  if (userId !== undefined) where.push(eq(apiTokens.userId, userId));
  const rows = await db
    .select({ token: apiTokens, projectName: projects.name, ownerEmail: users.email })
    .from(apiTokens)
    .innerJoin(projects, eq(projects.id, apiTokens.projectId))
    .leftJoin(users, eq(users.id, apiTokens.userId))
    .where(and(...where))
    .orderBy(asc(apiTokens.id));
  return rows.map((r) => ({ ...r.token, projectName: r.projectName, ownerEmail: r.ownerEmail }));
}

export async function findApiToken(
  db: Db,
  customerId: number,
  id: number,
): Promise<ApiTokenRow | undefined> {
  await storeTurn(db);
  const { apiTokens } = tablesOf(db);
  return first(
    await db
      .select()
      .from(apiTokens)
      .where(and(eq(apiTokens.id, id), eq(apiTokens.customerId, customerId))),
  );
}

export async function deleteApiToken(db: Db, id: number): Promise<boolean> {
  await storeTurn(db);
  const { apiTokens } = tablesOf(db);
  return changedRows(await db.delete(apiTokens).where(eq(apiTokens.id, id))) > 0;
}

/** What a request presenting an API token needs: the token, its owner, the owner's grants. */
export interface ApiTokenHolder {
  token: ApiTokenRow;
  /** Undefined for a service-account token. */
  owner?: { id: number; email: string; admin: number; disabled: number };
  /** The owner's permissions on the token's project (none for a service account). */
  ownerProjectPermissions: string[];
  /** The owner's customer-wide permissions (`develop_patterns`). */
  ownerCustomerPermissions: string[];
  /** The token's project, for its disabled flag and name. */
  project: { id: number; name: string; disabled: number; deleted: number };
}

/**
 * The token with this hash and everything its permissions depend on, read
 * fresh on every request: a revoked token or a grant the owner lost takes
 * effect at once, in every process (docs/identity.md).
 */
export async function findApiTokenHolder(
  db: Db,
  tokenHash: string,
): Promise<ApiTokenHolder | undefined> {
  await storeTurn(db);
  const { apiTokens, users, projects, grants, userGrants } = tablesOf(db);
  const row = first(
    await db
      .select({ token: apiTokens, owner: users, project: projects })
      .from(apiTokens)
      .innerJoin(projects, eq(projects.id, apiTokens.projectId))
      .leftJoin(users, eq(users.id, apiTokens.userId))
      .where(eq(apiTokens.tokenHash, tokenHash)),
  );
  if (!row) return undefined;
  const { token, owner, project } = row;
  const held = async () => ({
    project: (
      await db
        .select({ p: grants.permission })
        .from(grants)
        .where(and(eq(grants.userId, token.userId ?? 0), eq(grants.projectId, token.projectId)))
    ).map((r) => r.p),
    customer: (
      await db
        .select({ p: userGrants.permission })
        .from(userGrants)
        .where(eq(userGrants.userId, token.userId ?? 0))
    ).map((r) => r.p),
  });
  const grantsHeld = owner ? await held() : { project: [], customer: [] };
  return {
    token,
    owner: owner
      ? { id: owner.id, email: owner.email, admin: owner.admin, disabled: owner.disabled }
      : undefined,
    ownerProjectPermissions: grantsHeld.project,
    ownerCustomerPermissions: grantsHeld.customer,
    project: {
      id: project.id,
      name: project.name,
      disabled: project.disabled,
      deleted: project.deleted,
    },
  };
}

/**
 * Notes a use at `at` unless one was noted after `since`: answers whether it
 * did, so the caller records the use in the audit log at most that often.
 * One conditional update: of two processes, only one wins a given minute.
 */
export async function noteApiTokenUse(
  db: Db,
  id: number,
  at: string,
  since: string,
): Promise<boolean> {
  await storeTurn(db);
  const { apiTokens } = tablesOf(db);
  const result = await db
    .update(apiTokens)
    .set({ lastUsedAt: at })
    .where(
      and(eq(apiTokens.id, id), or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, since))),
    );
  return changedRows(result) > 0;
}

/** A user's customer-wide permissions (`develop_patterns`). */
export async function listUserGrants(db: Db, userId: number): Promise<string[]> {
  await storeTurn(db);
  const { userGrants } = tablesOf(db);
  return (
    await db
      .select({ p: userGrants.permission })
      .from(userGrants)
      .where(eq(userGrants.userId, userId))
  ).map((r) => r.p);
}

/** Every customer-wide grant of the customer's users, for the grants matrix. */
export async function listUserGrantsOfCustomer(db: Db, customerId: number) {
  await storeTurn(db);
  const { userGrants, users } = tablesOf(db);
  return await db
    .select({ userId: userGrants.userId, permission: userGrants.permission })
    .from(userGrants)
    .innerJoin(users, eq(users.id, userGrants.userId))
    .where(eq(users.customerId, customerId))
    .orderBy(userGrants.userId, userGrants.permission);
}

/** Grants or revokes one customer-wide permission (idempotent). */
export async function setUserGrant(
  db: Db,
  grant: { userId: number; permission: string },
  granted: boolean,
): Promise<void> {
  await storeTurn(db);
  const { userGrants } = tablesOf(db);
  if (granted) {
    await db.insert(userGrants).values(grant).onConflictDoNothing();
    return;
  }
  await db
    .delete(userGrants)
    .where(and(eq(userGrants.userId, grant.userId), eq(userGrants.permission, grant.permission)));
}
