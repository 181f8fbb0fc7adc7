import { type SQL, and, eq, lt, ne, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import type { users } from "../schema/index.ts";
import { prepared } from "./prepared.ts";
import { storeTurn } from "../client.ts";
import { first, tablesOf } from "../store.ts";

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  await storeTurn(db);
  const { users } = tablesOf(db);
  return first(await db.select().from(users).where(eq(users.email, email.toLowerCase())));
}

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  await storeTurn(db);
  const { users } = tablesOf(db);
  // Every authenticated request runs this: compiled once (prepared.ts).
  return await prepared(db, "findUserById", () =>
    db
      .select()
      .from(users)
      .where(eq(users.id, sql.placeholder("id")))
      .prepare(),
  ).get({ id });
}

export async function findCustomerById(db: Db, id: number) {
  await storeTurn(db);
  const { customers } = tablesOf(db);
  return first(await db.select().from(customers).where(eq(customers.id, id)));
}

export async function findCustomerByName(db: Db, name: string) {
  await storeTurn(db);
  const { customers } = tablesOf(db);
  return first(await db.select().from(customers).where(eq(customers.name, name)));
}

export async function listUsers(db: Db, customerId: number): Promise<UserRow[]> {
  await storeTurn(db);
  const { users } = tablesOf(db);
  return await db.select().from(users).where(eq(users.customerId, customerId)).orderBy(users.id);
}

/** The customer's enabled admins other than `userId` (the last-admin rule, docs/users-and-access.md). */
export async function countOtherEnabledAdmins(
  db: Db,
  customerId: number,
  userId: number,
): Promise<number> {
  await storeTurn(db);
  const { users } = tablesOf(db);
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(users)
    .where(
      and(
        eq(users.customerId, customerId),
        eq(users.admin, 1),
        eq(users.disabled, 0),
        ne(users.id, userId),
      ),
    );
  return row?.n ?? 0;
}

/** Permissions a user holds on a project. */
export async function listGrantedPermissions(
  db: Db,
  userId: number,
  projectId: number,
): Promise<string[]> {
  await storeTurn(db);
  const { grants } = tablesOf(db);
  return (
    await prepared(db, "listGrantedPermissions", () =>
      db
        .select({ permission: grants.permission })
        .from(grants)
        .where(
          and(
            eq(grants.userId, sql.placeholder("userId")),
            eq(grants.projectId, sql.placeholder("projectId")),
          ),
        )
        .prepare(),
    ).all({ userId, projectId })
  ).map((r) => r.permission);
}

export async function listGrantsOfCustomer(db: Db, customerId: number) {
  await storeTurn(db);
  const { grants, users } = tablesOf(db);
  return await db
    .select({ userId: grants.userId, projectId: grants.projectId, permission: grants.permission })
    .from(grants)
    .innerJoin(users, eq(users.id, grants.userId))
    .where(eq(users.customerId, customerId))
    // The key's order, as SQLite's plan happened to give it: both stores agree.
    .orderBy(grants.userId, grants.projectId, grants.permission);
}

export async function revokeToken(db: Db, jti: string, expiresAt: number): Promise<void> {
  await storeTurn(db);
  const { revokedTokens } = tablesOf(db);
  await db.insert(revokedTokens).values({ jti, expiresAt }).onConflictDoNothing();
  // Expired entries can go: the token is refused for its expiry anyway.
  await db
    .delete(revokedTokens)
    .where(lt(revokedTokens.expiresAt, sql`${Math.floor(Date.now() / 1000)}`));
}

/** What a request needs to know about the holder of a token. */
export interface TokenHolder {
  id: number;
  customerId: number;
  email: string;
  admin: number;
  disabled: number;
  /** The token was signed out (and has not expired yet). */
  revoked: boolean;
}

/** Who presents a token: its user and id, and the time its revocation is judged at. */
export interface TokenPresenter {
  userId: number;
  jti: string;
  nowSeconds: number;
}

/**
 * 1 when the token `jti` (a placeholder) is signed out and not expired at
 * `now` (a placeholder), else 0: a column for statements that read a
 * token's holder along with their own rows (instance-detail.ts).
 */
export function tokenRevoked(db: Db): SQL<number> {
  const { revokedTokens } = tablesOf(db);
  // `exists` answers a boolean on PostgreSQL, 0/1 on SQLite.
  // A number on both stores (PostgreSQL's exists answers a boolean).
  return sql<number>`cast((exists (select 1 from ${revokedTokens} where ${revokedTokens.jti} = ${sql.placeholder("jti")} and ${revokedTokens.expiresAt} > ${sql.placeholder("now")})) as integer)`;
}

/**
 * The user a token names and whether the token is signed out, in one
 * statement: every authenticated request asks both, and each statement
 * outside a transaction takes and releases the store's read lock.
 */
export async function findTokenHolder(
  db: Db,
  userId: number,
  jti: string,
  nowSeconds: number,
): Promise<TokenHolder | undefined> {
  await storeTurn(db);
  const { users } = tablesOf(db);
  const row = await prepared(db, "findTokenHolder", () =>
    db
      .select({
        id: users.id,
        customerId: users.customerId,
        email: users.email,
        admin: users.admin,
        disabled: users.disabled,
        revoked: tokenRevoked(db),
      })
      .from(users)
      .where(eq(users.id, sql.placeholder("id")))
      .prepare(),
  ).get({ id: userId, jti, now: nowSeconds });
  return row && { ...row, revoked: row.revoked === 1 };
}

/** Notes a successful password sign-in, for the admin's users table. */
export async function recordSignIn(db: Db, userId: number, at: string): Promise<void> {
  await storeTurn(db);
  const { users } = tablesOf(db);
  await db.update(users).set({ lastSignInAt: at }).where(eq(users.id, userId));
}

/**
 * The customer's live projects with the permissions a user holds on each, one
 * row per (project, permission); projects without any grant are left out.
 */
export async function listPermissionsByProject(db: Db, customerId: number, userId: number) {
  await storeTurn(db);
  const { grants, projects } = tablesOf(db);
  return await db
    .select({ id: projects.id, name: projects.name, permission: grants.permission })
    .from(grants)
    .innerJoin(projects, eq(projects.id, grants.projectId))
    .where(
      and(eq(grants.userId, userId), eq(projects.customerId, customerId), eq(projects.deleted, 0)),
    )
    .orderBy(projects.name, grants.permission);
}
