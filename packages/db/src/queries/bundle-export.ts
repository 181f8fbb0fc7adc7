import { and, asc, eq, gt, inArray } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Db } from "../client.ts";
import type { releases } from "../schema/index.ts";
import { nextTurn, storeTurn } from "../client.ts";
import type { IdTable } from "./bundles.ts";
import { sqlOf, tablesOf } from "../store.ts";

/** The reads of bundle export (apps/server/src/bundle/export.ts). */

/** Rows of one page a long read maps at a time (a few milliseconds under load). */
const READ_PAGE = 500;

/**
 * The releases of the groups in id order, read a page at a time with a turn
 * of the event loop between pages: a group may hold many thousands.
 */
async function releasesOfGroups(db: Db, groupIds: readonly number[]) {
  const { releases } = tablesOf(db);
  const out: (typeof releases.$inferSelect)[] = [];
  if (groupIds.length === 0) return out;
  for (let after = 0; ; ) {
    const page = await db
      .select()
      .from(releases)
      .where(and(inArray(releases.releaseGroupId, [...groupIds]), gt(releases.id, after)))
      .orderBy(asc(releases.id))
      .limit(READ_PAGE);
    out.push(...page);
    if (page.length < READ_PAGE) return out;
    after = (page[page.length - 1] as { id: number }).id;
    await nextTurn();
    await storeTurn(db);
  }
}

/** Every record of one customer, in id order: what `metabuild export` writes. */
export async function loadCustomerForExport(db: Db, customerId: number) {
  await storeTurn(db);
  const {
    agentGroups,
    agents,
    deployments,
    functionalRoles,
    instanceProperties,
    patternSnippets,
    patterns,
    projects,
    releaseGroups,
    templates,
    users,
    variableDefinitions,
  } = tablesOf(db);
  const patternRows = await db
    .select()
    .from(patterns)
    .where(eq(patterns.customerId, customerId))
    .orderBy(asc(patterns.id));
  const patternIds = patternRows.map((p) => p.id);
  const ofPatterns = async <T extends IdTable & { patternId: SQLiteColumn }>(t: T) =>
    patternIds.length === 0
      ? []
      : ((await db
          .select()
          .from(t as SQLiteTable)
          .where(inArray(t.patternId, patternIds))
          .orderBy(asc(t.id))) as T["$inferSelect"][]);
  const groupRows = await db
    .select()
    .from(releaseGroups)
    .where(eq(releaseGroups.customerId, customerId))
    .orderBy(asc(releaseGroups.id));
  const byCustomer = async <T extends IdTable & { customerId: SQLiteColumn }>(t: T) =>
    (await db
      .select()
      .from(t as SQLiteTable)
      .where(eq(t.customerId, customerId))
      .orderBy(asc(t.id))) as T["$inferSelect"][];
  return {
    releaseGroups: groupRows,
    releases: await releasesOfGroups(
      db,
      groupRows.map((g) => g.id),
    ),
    users: await byCustomer(users),
    projects: await byCustomer(projects),
    patterns: patternRows,
    properties: await ofPatterns(instanceProperties),
    roles: await ofPatterns(functionalRoles),
    variables: await ofPatterns(variableDefinitions),
    templates: await ofPatterns(templates),
    deployments: await ofPatterns(deployments),
    snippets: await ofPatterns(patternSnippets),
    agentGroups: await byCustomer(agentGroups),
    agents: await byCustomer(agents),
  };
}

export async function listCustomTablesOf(db: Db, projectId: number) {
  await storeTurn(db);
  const { customTables } = tablesOf(db);
  return await db
    .select()
    .from(customTables)
    .where(eq(customTables.projectId, projectId))
    .orderBy(asc(customTables.id));
}

/** Every instance of a project with its folder path (deleted ones too), for export. */
export async function listInstancesForExport(db: Db, projectId: number) {
  await storeTurn(db);
  const { instanceFolders, instances } = tablesOf(db);
  return await db
    .select({ instance: instances, folder: instanceFolders.path })
    .from(instances)
    .innerJoin(instanceFolders, eq(instanceFolders.id, instances.instanceFolderId))
    .where(eq(instances.projectId, projectId))
    // Byte-wise, as SQLite compares text (PostgreSQL's default collation would not).
    .orderBy(
      asc(sqlOf(db).byteOrder(instanceFolders.path)),
      asc(sqlOf(db).byteOrder(instances.name)),
      asc(instances.id),
    );
}

export async function folderPathsOf(db: Db, projectId: number): Promise<Map<number, string>> {
  await storeTurn(db);
  const { instanceFolders } = tablesOf(db);
  return new Map(
    (
      await db
        .select({ id: instanceFolders.id, path: instanceFolders.path })
        .from(instanceFolders)
        .where(eq(instanceFolders.projectId, projectId))
    ).map((f) => [f.id, f.path]),
  );
}

export async function listCustomerNames(db: Db): Promise<string[]> {
  await storeTurn(db);
  const { customers } = tablesOf(db);
  return (await db.select({ name: customers.name }).from(customers).orderBy(asc(customers.id))).map(
    (c) => c.name,
  );
}
