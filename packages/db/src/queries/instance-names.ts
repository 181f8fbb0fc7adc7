import { asc, eq } from "drizzle-orm";
import type { Db } from "../client.ts";
import { instances, patterns } from "../schema/index.ts";
import { instanceFolders } from "../schema/tenancy.ts";

/** One instance's name with its pattern's rule, for the report of names that break it. */
export interface InstanceNameRow {
  id: number;
  pattern: string;
  namePattern: string | null;
  folder: string;
  name: string;
}

/**
 * Every instance name of a project (deleted ones included: they can be
 * restored) with its pattern's rule, by folder and name: the rule is a
 * regular expression, so it is applied in the service, not in SQL.
 */
export function listInstanceNamesOf(db: Db, projectId: number): InstanceNameRow[] {
  return db
    .select({
      id: instances.id,
      pattern: patterns.name,
      namePattern: patterns.instanceNamePattern,
      folder: instanceFolders.path,
      name: instances.name,
    })
    .from(instances)
    .innerJoin(patterns, eq(patterns.id, instances.patternId))
    .innerJoin(instanceFolders, eq(instanceFolders.id, instances.instanceFolderId))
    .where(eq(instances.projectId, projectId))
    .orderBy(asc(instanceFolders.path), asc(instances.name), asc(instances.id))
    .all();
}

/** Sets the rule new instance names of the pattern follow (null: the default). */
export function setInstanceNamePattern(db: Db, patternId: number, rule: string | null): void {
  db.update(patterns).set({ instanceNamePattern: rule }).where(eq(patterns.id, patternId)).run();
}
