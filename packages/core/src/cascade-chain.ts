import {
  type CascadeScope,
  type ResolvedVariable,
  type VariableDefinition,
  type VariableLevel,
  type VariableOverride,
  overrideLevel,
  resolveEach,
} from "./cascade.ts";

/** One value a scope could take, and where it is defined. */
export interface ChainLink {
  level: VariableLevel;
  value: string | null;
  instanceFolderId: number | null;
  instanceId: number | null;
}

/**
 * Why a scope has its value: the winner (as resolveEach finds it) first, then
 * every less specific value it overrides, nearest first, down to the default.
 * Explains the cascade for the console; it never decides a value itself.
 */
export function cascadeChain(
  definition: VariableDefinition,
  overrides: readonly VariableOverride[],
  scope: CascadeScope,
): { resolved: ResolvedVariable; chain: ChainLink[] } {
  const [resolved] = resolveEach([definition], overrides, scope) as [ResolvedVariable];
  const mine = overrides.filter(
    (o) => o.variableId === definition.id && o.projectId === scope.projectId && o.value !== null,
  );
  const link = (o: VariableOverride): ChainLink => ({
    level: overrideLevel(o),
    value: o.value,
    instanceFolderId: overrideLevel(o) === "instance_folder" ? o.instanceFolderId : null,
    instanceId: overrideLevel(o) === "instance" ? o.instanceId : null,
  });
  const chain: ChainLink[] = [];
  if (scope.instanceId !== undefined) {
    const own = mine.find(
      (o) => overrideLevel(o) === "instance" && o.instanceId === scope.instanceId,
    );
    if (own) chain.push(link(own));
  }
  for (const folderId of scope.folderChain ?? []) {
    const atFolder = mine.find(
      (o) => overrideLevel(o) === "instance_folder" && o.instanceFolderId === folderId,
    );
    if (atFolder) chain.push(link(atFolder));
  }
  const project = mine.find((o) => overrideLevel(o) === "project");
  if (project) chain.push(link(project));
  chain.push({
    level: "default",
    value: definition.defaultValue,
    instanceFolderId: null,
    instanceId: null,
  });
  return { resolved, chain };
}
