import { type SQL, and, eq, exists, inArray, sql } from "drizzle-orm";
import type { Db, Schema } from "../client.ts";
import type { projects } from "../schema/index.ts";
import { type Page, type PageRequest, NO_LIMIT, orderBy } from "./paging.ts";
import { prepared } from "./prepared.ts";
import { storeTurn } from "../client.ts";
import { first, tablesOf, returnedRow } from "../store.ts";

export type ProjectRow = typeof projects.$inferSelect;

export async function findProjectById(
  db: Db,
  customerId: number,
  id: number,
): Promise<ProjectRow | undefined> {
  await storeTurn(db);
  const { projects } = tablesOf(db);
  // Every project-scoped request resolves its project: compiled once (prepared.ts).
  return await prepared(db, "findProjectById", () =>
    db
      .select()
      .from(projects)
      .where(
        and(
          eq(projects.id, sql.placeholder("id")),
          eq(projects.customerId, sql.placeholder("customerId")),
        ),
      )
      .prepare(),
  ).get({ id, customerId });
}

export async function findProjectByName(
  db: Db,
  customerId: number,
  name: string,
): Promise<ProjectRow | undefined> {
  await storeTurn(db);
  const { projects } = tablesOf(db);
  return await prepared(db, "findProjectByName", () =>
    db
      .select()
      .from(projects)
      .where(
        and(
          eq(projects.name, sql.placeholder("name")),
          eq(projects.customerId, sql.placeholder("customerId")),
        ),
      )
      .prepare(),
  ).get({ name, customerId });
}

/** A project with the permissions one user holds on it (AccessService's check). */
export interface ProjectAccess {
  project: ProjectRow | undefined;
  permissions: string[];
}

/**
 * A project of the customer, by id or by name, and the permissions `userId`
 * holds on it in ONE statement: every project-scoped request asks both, and
 * on PostgreSQL each statement is a round trip (docs/performance.md). A
 * missing or foreign project answers no permissions.
 */
export async function findProjectAccess(
  db: Db,
  customerId: number,
  by: { id: number } | { name: string },
  userId: number,
): Promise<ProjectAccess> {
  await storeTurn(db);
  const { grants, projects } = tablesOf(db);
  const byId = "id" in by;
  const rows = await prepared(db, byId ? "findProjectAccessById" : "findProjectAccessByName", () =>
    db
      .select({ project: projects, permission: grants.permission })
      .from(projects)
      .leftJoin(
        grants,
        and(eq(grants.projectId, projects.id), eq(grants.userId, sql.placeholder("userId"))),
      )
      .where(
        and(
          byId
            ? eq(projects.id, sql.placeholder("key"))
            : eq(projects.name, sql.placeholder("key")),
          eq(projects.customerId, sql.placeholder("customerId")),
        ),
      )
      .prepare(),
  ).all({ key: byId ? by.id : by.name, customerId, userId });
  const permissions: string[] = [];
  for (const r of rows) if (r.permission !== null) permissions.push(r.permission);
  return { project: rows[0]?.project, permissions };
}

/**
 * Who reads a list: a user id (the projects they hold `access` on), or a
 * fixed set of projects (an API token's project, docs/identity.md).
 */
export type ProjectReader = number | { projects: readonly number[] };

/**
 * Ids of the customer's projects `reader` may read, as a subquery; `reader`
 * undefined means every project (an admin).
 */
export function accessibleProjectIds(db: Db, customerId: number, reader?: ProjectReader) {
  const { grants, projects } = tablesOf(db);
  const where: SQL[] = [eq(projects.customerId, customerId)];
  // A disabled project is hidden from everyone but admins (docs/folders-and-projects.md).
  if (reader !== undefined) where.push(eq(projects.disabled, 0));
  if (typeof reader === "object") where.push(inArray(projects.id, [...reader.projects]));
  if (typeof reader === "number")
    where.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(grants)
          .where(
            and(
              eq(grants.projectId, projects.id),
              eq(grants.userId, reader),
              eq(grants.permission, "access"),
            ),
          ),
      ),
    );
  return db
    .select({ id: projects.id })
    .from(projects)
    .where(and(...where));
}

export interface ProjectFilter extends PageRequest {
  customerId: number;
  name?: string;
  /** Only projects this reader may read (omit for admins). */
  accessibleTo?: ProjectReader;
}

const sortable = (t: Schema["projects"]) => ({
  id: t.id,
  name: t.name,
  deleted: t.deleted,
  disabled: t.disabled,
});

export async function listProjects(
  db: Db,
  f: ProjectFilter,
): Promise<Page<ProjectRow> | { unknownField: string }> {
  await storeTurn(db);
  const { projects } = tablesOf(db);
  const where: SQL[] = [eq(projects.customerId, f.customerId)];
  if (f.name !== undefined) where.push(eq(projects.name, f.name));
  if (f.accessibleTo !== undefined)
    where.push(inArray(projects.id, accessibleProjectIds(db, f.customerId, f.accessibleTo)));
  const order = orderBy(f.$sort, sortable(projects), projects.id, db);
  if (!Array.isArray(order)) return order;
  const cond = and(...where);
  const total =
    first(
      await db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(projects)
        .where(cond),
    )?.n ?? 0;
  const items = await db
    .select()
    .from(projects)
    .where(cond)
    .orderBy(...order)
    .limit(f.$limit ?? NO_LIMIT)
    .offset(f.$skip ?? 0);
  return { items, total };
}

/** A new project of the customer; the caller made sure the name is free. */
export async function insertProject(db: Db, customerId: number, name: string): Promise<ProjectRow> {
  await storeTurn(db);
  const { projects } = tablesOf(db);
  return returnedRow(await db.insert(projects).values({ customerId, name }).returning());
}

/** Renames, disables or enables a project of the customer; undefined when it has none by that id. */
export async function updateProject(
  db: Db,
  customerId: number,
  id: number,
  change: { name?: string; disabled?: number },
): Promise<ProjectRow | undefined> {
  await storeTurn(db);
  const { projects } = tablesOf(db);
  return first(
    await db
      .update(projects)
      .set(change)
      .where(and(eq(projects.id, id), eq(projects.customerId, customerId)))
      .returning(),
  );
}
