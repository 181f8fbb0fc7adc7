import { type SQLWrapper, and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { containsText, startsWithText } from "./like.ts";
import { type ProjectReader, accessibleProjectIds } from "./projects.ts";
import { storeTurn } from "../client.ts";
import { tablesOf } from "../store.ts";

export interface NameSearch {
  customerId: number;
  /** Only projects this user holds `access` on (omit for admins). */
  accessibleTo?: ProjectReader;
  /** The caller: SQL history is per user. */
  userId: number;
  /** Text to find anywhere in a name, case-insensitively (ASCII). */
  text: string;
  limit: number;
}

/**
 * Names containing a text, per kind, in the projects the caller may read:
 * the command palette's search (docs/command-palette.md). Each kind is its
 * own bounded query; names that start with the text come first.
 */
export async function searchNames(db: Db, s: NameSearch) {
  await storeTurn(db);
  const { builds, instanceFolders, instances, metadataExecutions, patterns, projects } =
    tablesOf(db);
  const readable = accessibleProjectIds(db, s.customerId, s.accessibleTo);
  const starts = (column: SQLWrapper) =>
    sql`CASE WHEN ${startsWithText(db, column, s.text)} THEN 0 ELSE 1 END`;
  const instanceHits = await db
    .select({
      id: instances.id,
      name: instances.name,
      projectId: instances.projectId,
      project: projects.name,
      folder: instanceFolders.path,
      pattern: patterns.name,
    })
    .from(instances)
    .innerJoin(projects, eq(projects.id, instances.projectId))
    .innerJoin(instanceFolders, eq(instanceFolders.id, instances.instanceFolderId))
    .innerJoin(patterns, eq(patterns.id, instances.patternId))
    .where(
      and(
        inArray(instances.projectId, readable),
        eq(instances.deleted, 0),
        containsText(db, instances.name, s.text),
      ),
    )
    // Ids break ties (the same name in two projects): one order on both stores.
    .orderBy(starts(instances.name), instances.name, instances.id)
    .limit(s.limit);
  const folderHits = await db
    .select({
      path: instanceFolders.path,
      projectId: instanceFolders.projectId,
      project: projects.name,
    })
    .from(instanceFolders)
    .innerJoin(projects, eq(projects.id, instanceFolders.projectId))
    .where(
      and(
        inArray(instanceFolders.projectId, readable),
        containsText(db, instanceFolders.path, s.text),
      ),
    )
    .orderBy(instanceFolders.path, instanceFolders.id)
    .limit(s.limit);
  const patternHits = await db
    .select({ id: patterns.id, name: patterns.name, description: patterns.description })
    .from(patterns)
    .where(
      and(
        eq(patterns.customerId, s.customerId),
        eq(patterns.deleted, 0),
        containsText(db, patterns.name, s.text),
      ),
    )
    .orderBy(starts(patterns.name), patterns.name)
    .limit(s.limit);
  const buildId = /^#?(\d{1,9})$/.exec(s.text)?.[1];
  const buildHits = await db
    .select({
      id: builds.id,
      projectId: builds.projectId,
      project: projects.name,
      status: builds.status,
      description: builds.description,
    })
    .from(builds)
    .innerJoin(projects, eq(projects.id, builds.projectId))
    .where(
      and(
        eq(builds.customerId, s.customerId),
        inArray(builds.projectId, readable),
        buildId !== undefined
          ? eq(builds.id, Number(buildId))
          : containsText(db, sql`coalesce(${builds.description}, '')`, s.text),
      ),
    )
    .orderBy(desc(builds.id))
    .limit(s.limit);
  const sqlHits = await db
    .select({
      id: metadataExecutions.id,
      projectId: metadataExecutions.projectId,
      statement: metadataExecutions.statement,
      startTime: metadataExecutions.startTime,
    })
    .from(metadataExecutions)
    .where(
      and(
        eq(metadataExecutions.customerId, s.customerId),
        eq(metadataExecutions.userId, s.userId),
        inArray(metadataExecutions.projectId, readable),
        containsText(db, metadataExecutions.statement, s.text),
      ),
    )
    .orderBy(desc(metadataExecutions.startTime))
    .limit(s.limit);
  return { instanceHits, folderHits, patternHits, buildHits, sqlHits };
}
