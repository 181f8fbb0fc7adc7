import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../client.ts";
import { grants, projects, users } from "../schema/index.ts";
import type { UserRow } from "./users.ts";

/** Adds a user to a customer; the caller hashes the password and checks the e-mail is free. */
export function insertUser(
  db: Db,
  user: { customerId: number; email: string; passwordHash: string; admin: boolean },
): UserRow {
  return db
    .insert(users)
    .values({
      customerId: user.customerId,
      email: user.email.toLowerCase(),
      passwordHash: user.passwordHash,
      admin: user.admin ? 1 : 0,
    })
    .returning()
    .get();
}

/** Disables or enables a user of the customer; undefined when no such user there. */
export function setUserDisabled(
  db: Db,
  customerId: number,
  userId: number,
  disabled: boolean,
): UserRow | undefined {
  return db
    .update(users)
    .set({ disabled: disabled ? 1 : 0 })
    .where(and(eq(users.id, userId), eq(users.customerId, customerId)))
    .returning()
    .get();
}

/** The customer's live projects, for the grants matrix. */
export function listGrantableProjects(db: Db, customerId: number) {
  return db
    .select({ id: projects.id, name: projects.name })
    .from(projects)
    .where(and(eq(projects.customerId, customerId), eq(projects.deleted, 0)))
    .orderBy(asc(projects.name))
    .all();
}

/** Grants or revokes one permission of one user on one project (idempotent). */
export function setGrant(
  db: Db,
  grant: { userId: number; projectId: number; permission: string },
  granted: boolean,
): void {
  if (granted) {
    db.insert(grants).values(grant).onConflictDoNothing().run();
    return;
  }
  db.delete(grants)
    .where(
      and(
        eq(grants.userId, grant.userId),
        eq(grants.projectId, grant.projectId),
        eq(grants.permission, grant.permission),
      ),
    )
    .run();
}
