import { type MetadataRow, validateInstance } from "@metabuild/core";
import {
  type Db,
  listValidationsOfPattern,
  loadRowCells,
  loadPatternColumns,
  patternConstraints,
  updateInstance,
} from "@metabuild/db";
import { recheckStoredReferences } from "./instances/references.ts";

/**
 * What validation depends on in a pattern (docs/reference/rules.md §4): the live
 * properties' names, datatypes and `required`, the live roles' names and
 * cardinalities, the constraints (docs/pattern-constraints.md). Two patterns with the same text validate rows alike.
 */
export async function validationRulesText(db: Db, patternId: number): Promise<string> {
  const { properties, roles } = await loadPatternColumns(db, patternId);
  return JSON.stringify([
    // A reference property's patterns (kept in `format`) decide which cells resolve.
    properties.map((p) => [
      p.name,
      p.datatype,
      p.required,
      p.datatype === "reference" ? p.format : null,
    ]),
    roles.map((r) => [r.name, r.cardinalityMin, r.cardinalityMax]),
    await patternConstraints(db, patternId),
  ]);
}

/**
 * Recomputes `errors` and `validation` of every instance of a pattern whose
 * rules changed (a bundle import), so `invalid`, the lists and the builds
 * follow the pattern as it is now. Rows, versions and commits stay as they
 * are: the instance did not change, its check did. Returns how many changed.
 */
export async function revalidatePatternInstances(db: Db, patternId: number): Promise<number> {
  const { properties, roles } = await loadPatternColumns(db, patternId);
  const constraints = await patternConstraints(db, patternId);
  let changed = 0;
  for (const { id, validation, customerId, projectId } of await listValidationsOfPattern(
    db,
    patternId,
  )) {
    const rows = (await loadRowCells(db, id)) as MetadataRow[];
    const issues = validateInstance(rows, properties, roles, constraints);
    issues.push(...(await recheckStoredReferences(db, { id, customerId, projectId }, properties)));
    const text = JSON.stringify(issues);
    if (text === validation) continue;
    await updateInstance(db, id, { errors: issues.length, validation: text });
    changed++;
  }
  return changed;
}
