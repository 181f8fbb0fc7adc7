import type { LineageImpact } from "@metabuild/contract";
import { walkLineage } from "@metabuild/core";
import {
  type Db,
  type LineageNodeRow,
  lineageEdgesAt,
  lineageNodes,
  transaction,
} from "@metabuild/db";
import type { ImpactProject } from "./impact.ts";

/** Thrown inside the check's transaction so that nothing the change wrote stays. */
class Rollback extends Error {}

/**
 * The instances a change would make invalid (docs/lineage.md "Impact"):
 * `touched` and everything downstream of them, valid before and invalid
 * after `apply`, which runs in a transaction that is always rolled back. The
 * save's own checks run in it, so a refused change answers its error here.
 */
export async function becameInvalid(
  db: Db,
  project: ImpactProject,
  touched: readonly number[],
  apply: () => Promise<unknown>,
): Promise<LineageImpact["invalid"]> {
  const reached = await walkLineage(touched, "downstream", undefined, (ids, side) =>
    lineageEdgesAt(db, project.id, ids, side),
  );
  const ids = [...new Set([...touched, ...reached.nodes])];
  const valid = new Set(
    (await lineageNodes(db, project.id, ids)).filter((n) => n.errors === 0).map((n) => n.id),
  );
  let after: LineageNodeRow[] = [];
  try {
    await transaction(db, async () => {
      await apply();
      after = await lineageNodes(db, project.id, ids);
      throw new Rollback();
    });
  } catch (err) {
    if (!(err instanceof Rollback)) throw err;
  }
  return after
    .filter((n) => valid.has(n.id) && n.errors > 0 && n.deleted === 0)
    .map((n) => ({ id: n.id, pattern: n.pattern, folder: n.folder, name: n.name }));
}
