/** The steps a new deployment plan starts with, and the moves the form offers (docs/deployment-plans.md). */
export interface PlanStepDraft {
  pattern: string;
  deployment: string;
}

export interface PatternDeployments {
  /** The pattern's id: patterns run in the order they were created (the demo's STG, HUB, LNK, SAT). */
  id: number;
  name: string;
  deployments: { name: string; kind?: string }[];
}

/** Deployment names every pattern has, database loads (`sql`) first, then by name. */
export function commonDeploymentNames(patterns: readonly PatternDeployments[]): string[] {
  if (patterns.length === 0) return [];
  const names = patterns[0].deployments
    .map((d) => d.name)
    .filter((name) => patterns.every((p) => p.deployments.some((d) => d.name === name)));
  // Order matters for database loads (later patterns read the earlier ones' tables).
  const allSql = (name: string) =>
    patterns.every((p) => p.deployments.find((d) => d.name === name)?.kind === "sql");
  return [...new Set(names)].sort(
    (a, b) => Number(allSql(b)) - Number(allSql(a)) || a.localeCompare(b),
  );
}

/**
 * The build's patterns in creation order, each with the deployment of the
 * same name when one exists in every pattern; empty when none does.
 */
export function defaultPlanSteps(patterns: readonly PatternDeployments[]): PlanStepDraft[] {
  const name = commonDeploymentNames(patterns)[0];
  if (name === undefined) return [];
  return [...patterns]
    .sort((a, b) => a.id - b.id)
    .map((p) => ({ pattern: p.name, deployment: name }));
}

/** The steps with the one at `from` moved to `to` (both in range). */
export function moveStep<T>(steps: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= steps.length || from === to) return [...steps];
  const next = [...steps];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved);
  return next;
}
