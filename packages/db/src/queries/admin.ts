import { and, asc, eq, or, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import type { users } from "../schema/index.ts";
import type { UserRow } from "./users.ts";
import { storeTurn } from "../client.ts";
import { first, tablesOf, returnedRow } from "../store.ts";

/** Adds a user to a customer; the caller hashes the password and checks the e-mail is free. */
export async function insertUser(
  db: Db,
  user: {
    customerId: number;
    email: string;
    name?: string | null;
    passwordHash: string;
    admin: boolean;
    mustChangePassword?: boolean;
  },
): Promise<UserRow> {
  await storeTurn(db);
  const { users } = tablesOf(db);
  return returnedRow(
    await db
      .insert(users)
      .values({
        customerId: user.customerId,
        email: user.email.toLowerCase(),
        name: user.name ?? null,
        passwordHash: user.passwordHash,
        admin: user.admin ? 1 : 0,
        mustChangePassword: user.mustChangePassword ? 1 : 0,
      })
      .returning(),
  );
}

/** Users of a customer whose e-mail or name contains `text` (case-insensitive), by e-mail. */
export async function searchUsers(db: Db, customerId: number, text?: string): Promise<UserRow[]> {
  await storeTurn(db);
  const { users } = tablesOf(db);
  const own = eq(users.customerId, customerId);
  if (!text) return await db.select().from(users).where(own).orderBy(asc(users.email));
  // LIKE wildcards in the search text match themselves.
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const matches = or(
    sql`${users.email} like ${pattern} escape '\\'`,
    sql`lower(${users.name}) like ${pattern} escape '\\'`,
  );
  return await db.select().from(users).where(and(own, matches)).orderBy(asc(users.email));
}

/** What an admin may change on a user; absent fields stay as they are. */
export interface UserChange {
  disabled?: boolean;
  admin?: boolean;
  name?: string | null;
}

/** Changes a user of the customer; undefined when no such user there. */
export async function updateUser(
  db: Db,
  customerId: number,
  userId: number,
  change: UserChange,
): Promise<UserRow | undefined> {
  await storeTurn(db);
  const { users } = tablesOf(db);
  const set: Partial<typeof users.$inferInsert> = {};
  if (change.disabled !== undefined) set.disabled = change.disabled ? 1 : 0;
  if (change.admin !== undefined) set.admin = change.admin ? 1 : 0;
  if (change.name !== undefined) set.name = change.name;
  const where = and(eq(users.id, userId), eq(users.customerId, customerId));
  if (Object.keys(set).length === 0) return first(await db.select().from(users).where(where));
  return first(await db.update(users).set(set).where(where).returning());
}

/** Replaces a user's password hash; `mustChange` marks a one-time password. */
export async function setUserPassword(
  db: Db,
  customerId: number,
  userId: number,
  passwordHash: string,
  mustChange: boolean,
): Promise<UserRow | undefined> {
  await storeTurn(db);
  const { users } = tablesOf(db);
  return first(
    await db
      .update(users)
      .set({ passwordHash, mustChangePassword: mustChange ? 1 : 0 })
      .where(and(eq(users.id, userId), eq(users.customerId, customerId)))
      .returning(),
  );
}

/** The customer's live projects, for the grants matrix. */
export async function listGrantableProjects(db: Db, customerId: number) {
  await storeTurn(db);
  const { projects } = tablesOf(db);
  return await db
    .select({ id: projects.id, name: projects.name })
    .from(projects)
    .where(and(eq(projects.customerId, customerId), eq(projects.deleted, 0)))
    .orderBy(asc(projects.name));
}

/** Grants or revokes one permission of one user on one project (idempotent). */
export async function setGrant(
  db: Db,
  grant: { userId: number; projectId: number; permission: string },
  granted: boolean,
): Promise<void> {
  await storeTurn(db);
  const { grants } = tablesOf(db);
  if (granted) {
    await db.insert(grants).values(grant).onConflictDoNothing();
    return;
  }
  await db
    .delete(grants)
    .where(
      and(
        eq(grants.userId, grant.userId),
        eq(grants.projectId, grant.projectId),
        eq(grants.permission, grant.permission),
      ),
    );
}
