import type { Db } from "../client.ts";
import { prepared } from "./prepared.ts";
import { storeTurn } from "../client.ts";

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
  const rows = (await prepared(db, "releaseNamesOf", () =>
    db.$client.prepare(
      `select i.id as id, r.name as release from instances i
       join releases r on r.id = i.release_id
       where i.id in (select value from json_each(?))`,
    ),
  ).all(JSON.stringify(instanceIds))) as { id: number; release: string }[];
  return new Map(rows.map((r) => [r.id, r.release]));
}
