import type { PatternDefinition } from "@metabuild/contract";
import { type Db, type PatternRow, loadPatternParts, releaseGroupName } from "@metabuild/db";
import { bundlePatternOf } from "./bundle/export-pattern.ts";

/** A pattern's definition as the editor loads and saves it: the bundle's pattern without vers_no. */
export async function definitionOf(db: Db, row: PatternRow): Promise<PatternDefinition> {
  const groupName =
    row.releaseGroupId === null ? "" : ((await releaseGroupName(db, row.releaseGroupId)) ?? "");
  const { vers_no: _, ...definition } = bundlePatternOf(
    row,
    await loadPatternParts(db, row.id),
    () => groupName,
  );
  return { snippets: [], ...definition } as PatternDefinition;
}

/**
 * The pattern's version number (docs/patterns-authoring.md): the newest
 * recorded version, or the whole part of `vers_no` (`1.0` is 1) when the
 * pattern was never saved in the console, or was imported at a higher one.
 */
export function patternVersionNumber(versNo: string, latestRecorded: number | undefined): number {
  const fromText = Math.floor(Number(versNo));
  const imported = Number.isSafeInteger(fromText) && fromText >= 1 ? fromText : 1;
  return Math.max(imported, latestRecorded ?? 1);
}
