/**
 * The pattern variable cascade (docs/reference/endpoints.md "Pattern variable", docs/reference/rules.md §7):
 * for one scope the most specific value wins: instance > instance_folder
 * (nearest folder up the tree) > project > default.
 */

export const VARIABLE_LEVELS = ["default", "project", "instance_folder", "instance"] as const;
export type VariableLevel = (typeof VARIABLE_LEVELS)[number];

export interface VariableDefinition {
  id: number;
  patternId: number;
  name: string;
  defaultValue: string | null;
}

/** An override at one scope; which ids are set decides its level. */
export interface VariableOverride {
  variableId: number;
  projectId: number;
  instanceFolderId: number | null;
  instanceId: number | null;
  value: string | null;
}

export interface CascadeScope {
  projectId: number;
  /** Folder ids from the scope's folder up to the root; empty for a project scope. */
  folderChain?: readonly number[];
  /** Set for an instance scope. */
  instanceId?: number;
}

export interface ResolvedVariable {
  variableId: number;
  patternId: number;
  name: string;
  value: string | null;
  level: VariableLevel;
  /** Where the value is defined; all null at `default`, projectId also set below project. */
  projectId: number | null;
  instanceFolderId: number | null;
  instanceId: number | null;
}

export function overrideLevel(o: VariableOverride): Exclude<VariableLevel, "default"> {
  if (o.instanceId !== null) return "instance";
  if (o.instanceFolderId !== null) return "instance_folder";
  return "project";
}

/** The overrides that apply to `scope`, per definition and level. Null values are unset. */
function applicable(overrides: readonly VariableOverride[], scope: CascadeScope) {
  const byVariable = new Map<number, ApplicableOverrides>();
  const inChain = new Set(scope.folderChain ?? []);
  for (const o of overrides) {
    if (o.projectId !== scope.projectId || o.value === null) continue;
    let entry = byVariable.get(o.variableId);
    if (!entry) {
      entry = { folders: new Map() };
      byVariable.set(o.variableId, entry);
    }
    const level = overrideLevel(o);
    if (level === "instance") {
      if (o.instanceId === scope.instanceId) entry.instance = o;
    } else if (level === "instance_folder") {
      if (inChain.has(o.instanceFolderId as number))
        entry.folders.set(o.instanceFolderId as number, o);
    } else entry.project = o;
  }
  return byVariable;
}

interface ApplicableOverrides {
  project?: VariableOverride;
  instance?: VariableOverride;
  folders: Map<number, VariableOverride>;
}

/** A definition's own default: what applies without any scope. */
export function defaultOf(d: VariableDefinition): ResolvedVariable {
  return {
    variableId: d.id,
    patternId: d.patternId,
    name: d.name,
    value: d.defaultValue,
    level: "default",
    projectId: null,
    instanceFolderId: null,
    instanceId: null,
  };
}

/** Resolves each definition for one scope, in the order given. */
export function resolveEach(
  definitions: readonly VariableDefinition[],
  overrides: readonly VariableOverride[],
  scope: CascadeScope,
): ResolvedVariable[] {
  const found = applicable(overrides, scope);
  const chain = scope.folderChain ?? [];
  return definitions.map((d) => {
    const base = { variableId: d.id, patternId: d.patternId, name: d.name };
    const entry = found.get(d.id);
    // The chain runs upwards, so the first folder with a value is the nearest one.
    const nearestFolder = entry && chain.map((id) => entry.folders.get(id)).find(Boolean);
    const winner = entry?.instance ?? nearestFolder ?? entry?.project;
    if (!winner) return defaultOf(d);
    const level = overrideLevel(winner);
    // The ids say where the value is defined, agreeing with its level.
    return {
      ...base,
      value: winner.value,
      level,
      projectId: winner.projectId,
      instanceFolderId: level === "instance_folder" ? winner.instanceFolderId : null,
      instanceId: level === "instance" ? winner.instanceId : null,
    };
  });
}

/**
 * The variables of one instance (or folder, or project) by name, as templates
 * see them (`vars`). Pass the definitions of one pattern: names are unique
 * only within a pattern.
 */
export function resolveVariables(
  definitions: readonly VariableDefinition[],
  overrides: readonly VariableOverride[],
  scope: CascadeScope,
): Map<string, ResolvedVariable> {
  return new Map(resolveEach(definitions, overrides, scope).map((r) => [r.name, r]));
}
