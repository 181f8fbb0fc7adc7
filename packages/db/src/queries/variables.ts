import { type SQL, and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import {
  instanceFolders,
  instances,
  variableDefinitions,
  variableOverrides,
} from "../schema/index.ts";
import { patternIdsOfCustomer } from "./patterns.ts";

export type VariableDefinitionRow = typeof variableDefinitions.$inferSelect;
export type VariableOverrideRow = typeof variableOverrides.$inferSelect;

/** A definition of one of the customer's patterns. */
export function findVariableDefinition(
  db: Db,
  customerId: number,
  id: number,
): VariableDefinitionRow | undefined {
  return db
    .select()
    .from(variableDefinitions)
    .where(
      and(
        eq(variableDefinitions.id, id),
        inArray(variableDefinitions.patternId, patternIdsOfCustomer(db, customerId)),
      ),
    )
    .get();
}

export interface VariableCascadeRequest {
  customerId: number;
  /** One pattern (e.g. the instance's), else every pattern of the customer. */
  patternId?: number;
  /** The project whose overrides (at any level) apply; none: definitions only. */
  projectId?: number;
}

/**
 * What `resolveVariables` / `resolveEach` (@metabuild/core) need for one
 * project: the definitions by pattern then id, and every override of them in
 * the project (project, folder and instance level alike).
 */
export function loadVariableCascade(
  db: Db,
  r: VariableCascadeRequest,
): { definitions: VariableDefinitionRow[]; overrides: VariableOverrideRow[] } {
  const d = variableDefinitions;
  const where: SQL[] = [inArray(d.patternId, patternIdsOfCustomer(db, r.customerId))];
  if (r.patternId !== undefined) where.push(eq(d.patternId, r.patternId));
  const definitions = db
    .select()
    .from(d)
    .where(and(...where))
    .orderBy(asc(d.patternId), asc(d.id))
    .all();
  if (r.projectId === undefined || definitions.length === 0) return { definitions, overrides: [] };
  const overrides = db
    .select()
    .from(variableOverrides)
    .where(
      and(
        eq(variableOverrides.projectId, r.projectId),
        inArray(
          variableOverrides.variableId,
          db
            .select({ id: d.id })
            .from(d)
            .where(and(...where)),
        ),
      ),
    )
    .all();
  return { definitions, overrides };
}

/**
 * A folder and its ancestors, nearest first, up to the root: the cascade's
 * `folderChain` (ids) and the paths the answer names.
 */
export function folderChain(db: Db, folderId: number): { id: number; path: string }[] {
  return db.all<{ id: number; path: string }>(sql`
    with recursive chain(id, parent_id, path, depth) as (
      select id, parent_id, path, 0 from ${instanceFolders} where id = ${folderId}
      union all
      select f.id, f.parent_id, f.path, chain.depth + 1
        from ${instanceFolders} f join chain on f.id = chain.parent_id
        where chain.depth < 1000
    )
    select id, path from chain order by depth`);
}

export interface InstanceScopeRow {
  id: number;
  patternId: number;
  instanceFolderId: number;
  folder: string;
}

/** Instances of a project named `name`, optionally in one folder and of one pattern. */
export function findInstancesNamed(
  db: Db,
  f: { projectId: number; name: string; folderId?: number; patternId?: number },
): InstanceScopeRow[] {
  const where: SQL[] = [eq(instances.projectId, f.projectId), eq(instances.name, f.name)];
  if (f.folderId !== undefined) where.push(eq(instances.instanceFolderId, f.folderId));
  if (f.patternId !== undefined) where.push(eq(instances.patternId, f.patternId));
  return db
    .select({
      id: instances.id,
      patternId: instances.patternId,
      instanceFolderId: instances.instanceFolderId,
      folder: instanceFolders.path,
    })
    .from(instances)
    .innerJoin(instanceFolders, eq(instanceFolders.id, instances.instanceFolderId))
    .where(and(...where))
    .orderBy(asc(instances.id))
    .all();
}
