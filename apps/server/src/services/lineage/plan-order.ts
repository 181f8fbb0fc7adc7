import { Conflict, describeCycle, lineageLabel, patternOrder } from "@metabuild/core";
import { type Db, lineageEdgesAt, listBuildSelection } from "@metabuild/db";

/**
 * A deployment plan's steps reordered by the lineage graph (docs/lineage.md
 * "Deployment plans"): each pattern after the patterns its built instances
 * reference; the steps of one pattern keep their order. A cycle among the
 * build's instances, or between its patterns, is 409 naming it.
 */
export async function orderStepsByGraph<S extends { pattern: string }>(
  db: Db,
  build: { id: number; projectId: number },
  steps: readonly S[],
): Promise<S[]> {
  const built = await listBuildSelection(db, build.id);
  const edges = await lineageEdgesAt(
    db,
    build.projectId,
    built.map((b) => b.id),
    "upstream",
  );
  const patterns = [...new Set(steps.map((s) => s.pattern))];
  const order = patternOrder(patterns, built, edges);
  if ("instanceCycle" in order) {
    const label = new Map(built.map((b) => [b.id, lineageLabel(b)]));
    throw new Conflict(
      `Build ${build.id}'s instances reference each other in a cycle, so the plan has no graph order: ${describeCycle(order.instanceCycle, (id) => label.get(id) ?? `#${id}`)}`,
    );
  }
  if ("patternCycle" in order)
    throw new Conflict(
      `Build ${build.id}'s patterns reference each other both ways, so the plan has no graph order: ${order.patternCycle.join(" → ")}`,
    );
  return order.patterns.flatMap((p) => steps.filter((s) => s.pattern === p));
}
