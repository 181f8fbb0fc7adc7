import { and, asc, eq, isNotNull, or } from "drizzle-orm";
import type { Db, Schema } from "../client.ts";
import { storeTurn } from "../client.ts";
import { sqlOf, tablesOf } from "../store.ts";

/** One instance's name with its pattern's rule, for the report of names that break it. */
export interface InstanceNameRow {
  id: number;
  pattern: string;
  namePattern: string | null;
  folder: string;
  name: string;
}

/**
 * A name SQLite can already tell breaks the default rule (a SQL identifier of
 * at most 128 characters, packages/core's `nameRuleBreach`): a character other
 * than a letter, digit or '_', a leading digit, too long, or empty.
 */
const breaksDefaultRule = (db: Db, { instances }: Schema) =>
  sqlOf(db).breaksDefaultNameRule(instances.name);

/**
 * The instance names of a project (deleted ones included: they can be
 * restored) that may break their pattern's rule, with the rule, by folder and
 * name. A pattern's own rule is a regular expression, so its names all come
 * back and the service applies it; names under the default rule are narrowed
 * here, so a project of 100,000 valid names costs one scan, not 100,000
 * objects (docs/console-scale.md). The service still checks each one.
 */
export async function listInstanceNamesOf(db: Db, projectId: number): Promise<InstanceNameRow[]> {
  await storeTurn(db);
  const t = tablesOf(db);
  const { instanceFolders, instances, patterns } = t;
  return await db
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
    .where(
      and(
        eq(instances.projectId, projectId),
        or(isNotNull(patterns.instanceNamePattern), breaksDefaultRule(db, t)),
      ),
    )
    .orderBy(asc(instanceFolders.path), asc(instances.name), asc(instances.id));
}

/** Sets the rule new instance names of the pattern follow (null: the default). */
export async function setInstanceNamePattern(
  db: Db,
  patternId: number,
  rule: string | null,
): Promise<void> {
  await storeTurn(db);
  const { patterns } = tablesOf(db);
  await db.update(patterns).set({ instanceNamePattern: rule }).where(eq(patterns.id, patternId));
}
