import { and, asc, desc, eq, gt, notInArray } from "drizzle-orm";
import type { Db } from "../client.ts";
import type {
  functionalRoles,
  instanceProperties,
  patternSnippets,
  patternVersions,
} from "../schema/index.ts";
import { storeTurn } from "../client.ts";
import { first, tablesOf } from "../store.ts";

export type PatternSnippetRow = typeof patternSnippets.$inferSelect;
export type PatternVersionRow = typeof patternVersions.$inferSelect;

/** A pattern's snippets by name. */
export async function listSnippetsOf(db: Db, patternId: number): Promise<PatternSnippetRow[]> {
  await storeTurn(db);
  const { patternSnippets } = tablesOf(db);
  return await db
    .select()
    .from(patternSnippets)
    .where(eq(patternSnippets.patternId, patternId))
    .orderBy(asc(patternSnippets.name));
}

/** Sets a pattern's snippets to exactly `list`. */
export async function replaceSnippets(
  db: Db,
  patternId: number,
  list: readonly { name: string; body: string }[],
): Promise<void> {
  await storeTurn(db);
  const { patternSnippets } = tablesOf(db);
  await db.delete(patternSnippets).where(eq(patternSnippets.patternId, patternId));
  if (list.length === 0) return;
  await db
    .insert(patternSnippets)
    .values(list.map((s) => ({ patternId, name: s.name, body: s.body })));
}

/** The newest recorded version of a pattern, if any was recorded. */
export async function latestPatternVersion(
  db: Db,
  patternId: number,
): Promise<PatternVersionRow | undefined> {
  await storeTurn(db);
  const { patternVersions } = tablesOf(db);
  return first(
    await db
      .select()
      .from(patternVersions)
      .where(eq(patternVersions.patternId, patternId))
      .orderBy(desc(patternVersions.version))
      .limit(1),
  );
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
  const { patternVersions } = tablesOf(db);
  await db.insert(patternVersions).values(row);
}

/** A pattern's versions, oldest first (like an instance's). */
export async function listPatternVersions(db: Db, patternId: number): Promise<PatternVersionRow[]> {
  await storeTurn(db);
  const { patternVersions } = tablesOf(db);
  return await db
    .select()
    .from(patternVersions)
    .where(eq(patternVersions.patternId, patternId))
    .orderBy(asc(patternVersions.version));
}

export async function findPatternVersion(
  db: Db,
  patternId: number,
  version: number,
): Promise<PatternVersionRow | undefined> {
  await storeTurn(db);
  const { patternVersions } = tablesOf(db);
  return first(
    await db
      .select()
      .from(patternVersions)
      .where(and(eq(patternVersions.patternId, patternId), eq(patternVersions.version, version))),
  );
}

export async function setPatternNameAndVersion(
  db: Db,
  patternId: number,
  values: { name?: string; versNo?: string },
): Promise<void> {
  await storeTurn(db);
  const { patterns } = tablesOf(db);
  await db.update(patterns).set(values).where(eq(patterns.id, patternId));
}

/** Removes the pattern's variables not named in `keep`; their values go with them (cascade). */
export async function deleteVariablesNotIn(
  db: Db,
  patternId: number,
  keep: readonly string[],
): Promise<void> {
  await storeTurn(db);
  const { variableDefinitions } = tablesOf(db);
  await db
    .delete(variableDefinitions)
    .where(
      and(
        eq(variableDefinitions.patternId, patternId),
        notInArray(variableDefinitions.name, [...keep, ""]),
      ),
    );
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
  const { buildDeployments, deployments } = tablesOf(db);
  const gone = await db
    .select({ id: deployments.id, name: deployments.name })
    .from(deployments)
    .where(and(eq(deployments.patternId, patternId), notInArray(deployments.name, [...keep, ""])));
  const used: string[] = [];
  for (const d of gone) {
    const usedBy = first(
      await db
        .select({ id: buildDeployments.id })
        .from(buildDeployments)
        .where(eq(buildDeployments.deploymentId, d.id))
        .limit(1),
    );
    if (usedBy) used.push(d.name);
    else await db.delete(deployments).where(eq(deployments.id, d.id));
  }
  return used;
}

/** Ids of the pattern's (not deleted) instances whose last check found errors. */
export async function invalidInstanceIdsOfPattern(db: Db, patternId: number): Promise<number[]> {
  await storeTurn(db);
  const { instances } = tablesOf(db);
  return (
    await db
      .select({ id: instances.id })
      .from(instances)
      .where(
        and(eq(instances.patternId, patternId), eq(instances.deleted, 0), gt(instances.errors, 0)),
      )
  ).map((r) => r.id);
}

/** Every row one pattern owns, in id order (deleted properties and roles too): its definition. */
export async function loadPatternParts(db: Db, patternId: number) {
  await storeTurn(db);
  const { deployments, functionalRoles, instanceProperties, templates, variableDefinitions } =
    tablesOf(db);
  const of = <T extends typeof instanceProperties | typeof functionalRoles>(t: T) =>
    db.select().from(t).where(eq(t.patternId, patternId)).orderBy(asc(t.id));
  return {
    properties: (await of(instanceProperties)) as (typeof instanceProperties.$inferSelect)[],
    roles: (await of(functionalRoles)) as (typeof functionalRoles.$inferSelect)[],
    variables: await db
      .select()
      .from(variableDefinitions)
      .where(eq(variableDefinitions.patternId, patternId))
      .orderBy(asc(variableDefinitions.id)),
    templates: await db
      .select()
      .from(templates)
      .where(eq(templates.patternId, patternId))
      .orderBy(asc(templates.posNo), asc(templates.id)),
    deployments: await db
      .select()
      .from(deployments)
      .where(eq(deployments.patternId, patternId))
      .orderBy(asc(deployments.id)),
    snippets: await listSnippetsOf(db, patternId),
  };
}

export async function releaseGroupName(db: Db, id: number): Promise<string | undefined> {
  await storeTurn(db);
  const { releaseGroups } = tablesOf(db);
  return first(
    await db
      .select({ name: releaseGroups.name })
      .from(releaseGroups)
      .where(eq(releaseGroups.id, id)),
  )?.name;
}
