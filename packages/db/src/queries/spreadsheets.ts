import type { Db } from "../client.ts";
import { namedStatement } from "./prepared.ts";
import { storeTurn } from "../client.ts";
import { isPostgres } from "../store.ts";

/** Statements behind spreadsheet uploads and exports (apps/server/src/services/spreadsheets). */

/**
 * Release names of instances (those without a release are absent). The ids
 * travel as one JSON parameter, so one prepared statement serves any number.
 */
export async function releaseNamesOf(
  db: Db,
  instanceIds: readonly number[],
): Promise<Map<number, string>> {
  await storeTurn(db);
  const ids = isPostgres(db)
    ? "select value::int from json_array_elements_text(@ids::json) as e(value)"
    : "select value from json_each(@ids)";
  const rows = await namedStatement(
    db,
    "releaseNamesOf",
    `select i.id as id, r.name as release from instances i
     join releases r on r.id = i.release_id
     where i.id in (${ids})`,
  ).all<{ id: number; release: string }>({ ids: JSON.stringify(instanceIds) });
  return new Map(rows.map((r) => [r.id, r.release]));
}
