import { and, asc, desc, eq, gt, notInArray } from "drizzle-orm";
import type { Db } from "../client.ts";
import {
  buildDeployments,
  deployments,
  functionalRoles,
  instanceProperties,
  instances,
  patternSnippets,
  patternVersions,
  patterns,
  releaseGroups,
  templates,
  variableDefinitions,
} from "../schema/index.ts";
import { storeTurn } from "../client.ts";

export type PatternSnippetRow = typeof patternSnippets.$inferSelect;
export type PatternVersionRow = typeof patternVersions.$inferSelect;

/** A pattern's snippets by name. */
export async function listSnippetsOf(db: Db, patternId: number): Promise<PatternSnippetRow[]> {
  await storeTurn(db);
  return db
    .select()
    .from(patternSnippets)
    .where(eq(patternSnippets.patternId, patternId))
    .orderBy(asc(patternSnippets.name))
    .all();
}

/** Sets a pattern's snippets to exactly `list`. */
export async function replaceSnippets(
  db: Db,
  patternId: number,
  list: readonly { name: string; body: string }[],
): Promise<void> {
  await storeTurn(db);
  db.delete(patternSnippets).where(eq(patternSnippets.patternId, patternId)).run();
  if (list.length === 0) return;
  db.insert(patternSnippets)
    .values(list.map((s) => ({ patternId, name: s.name, body: s.body })))
    .run();
}

/** The newest recorded version of a pattern, if any was recorded. */
export async function latestPatternVersion(
  db: Db,
  patternId: number,
): Promise<PatternVersionRow | undefined> {
  await storeTurn(db);
  return db
    .select()
    .from(patternVersions)
    .where(eq(patternVersions.patternId, patternId))
    .orderBy(desc(patternVersions.version))
    .limit(1)
    .get();
}

export async function insertPatternVersion(
  db: Db,
  row: {
    patternId: number;
    version: number;
    definition: string;
    userId: number | null;
    userEmail: string | null;
    createdAt: string;
  },
): Promise<void> {
  await storeTurn(db);
  db.insert(patternVersions).values(row).run();
}

/** A pattern's versions, oldest first (like an instance's). */
export async function listPatternVersions(db: Db, patternId: number): Promise<PatternVersionRow[]> {
  await storeTurn(db);
  return db
    .select()
    .from(patternVersions)
    .where(eq(patternVersions.patternId, patternId))
    .orderBy(asc(patternVersions.version))
    .all();
}

export async function findPatternVersion(
  db: Db,
  patternId: number,
  version: number,
): Promise<PatternVersionRow | undefined> {
  await storeTurn(db);
  return db
    .select()
    .from(patternVersions)
    .where(and(eq(patternVersions.patternId, patternId), eq(patternVersions.version, version)))
    .get();
}

export async function setPatternNameAndVersion(
  db: Db,
  patternId: number,
  values: { name?: string; versNo?: string },
): Promise<void> {
  await storeTurn(db);
  db.update(patterns).set(values).where(eq(patterns.id, patternId)).run();
}

/** Removes the pattern's variables not named in `keep`; their values go with them (cascade). */
export async function deleteVariablesNotIn(
  db: Db,
  patternId: number,
  keep: readonly string[],
): Promise<void> {
  await storeTurn(db);
  db.delete(variableDefinitions)
    .where(
      and(
        eq(variableDefinitions.patternId, patternId),
        notInArray(variableDefinitions.name, [...keep, ""]),
      ),
    )
    .run();
}

/**
 * Removes the pattern's deployments not named in `keep`, unless a build
 * used one: returns the names of those kept for that reason.
 */
export async function deleteDeploymentsNotIn(
  db: Db,
  patternId: number,
  keep: readonly string[],
): Promise<string[]> {
  await storeTurn(db);
  const gone = db
    .select({ id: deployments.id, name: deployments.name })
    .from(deployments)
    .where(and(eq(deployments.patternId, patternId), notInArray(deployments.name, [...keep, ""])))
    .all();
  const used: string[] = [];
  for (const d of gone) {
    const usedBy = db
      .select({ id: buildDeployments.id })
      .from(buildDeployments)
      .where(eq(buildDeployments.deploymentId, d.id))
      .limit(1)
      .get();
    if (usedBy) used.push(d.name);
    else db.delete(deployments).where(eq(deployments.id, d.id)).run();
  }
  return used;
}

/** Ids of the pattern's (not deleted) instances whose last check found errors. */
export async function invalidInstanceIdsOfPattern(db: Db, patternId: number): Promise<number[]> {
  await storeTurn(db);
  return db
    .select({ id: instances.id })
    .from(instances)
    .where(
      and(eq(instances.patternId, patternId), eq(instances.deleted, 0), gt(instances.errors, 0)),
    )
    .all()
    .map((r) => r.id);
}

/** Every row one pattern owns, in id order (deleted properties and roles too): its definition. */
export async function loadPatternParts(db: Db, patternId: number) {
  await storeTurn(db);
  const of = <T extends typeof instanceProperties | typeof functionalRoles>(t: T) =>
    db.select().from(t).where(eq(t.patternId, patternId)).orderBy(asc(t.id)).all();
  return {
    properties: of(instanceProperties) as (typeof instanceProperties.$inferSelect)[],
    roles: of(functionalRoles) as (typeof functionalRoles.$inferSelect)[],
    variables: db
      .select()
      .from(variableDefinitions)
      .where(eq(variableDefinitions.patternId, patternId))
      .orderBy(asc(variableDefinitions.id))
      .all(),
    templates: db
      .select()
      .from(templates)
      .where(eq(templates.patternId, patternId))
      .orderBy(asc(templates.posNo), asc(templates.id))
      .all(),
    deployments: db
      .select()
      .from(deployments)
      .where(eq(deployments.patternId, patternId))
      .orderBy(asc(deployments.id))
      .all(),
    snippets: await listSnippetsOf(db, patternId),
  };
}

export async function releaseGroupName(db: Db, id: number): Promise<string | undefined> {
  await storeTurn(db);
  return db
    .select({ name: releaseGroups.name })
    .from(releaseGroups)
    .where(eq(releaseGroups.id, id))
    .get()?.name;
}
