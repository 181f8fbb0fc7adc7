import { eq, inArray } from "drizzle-orm";
import type { Db } from "../client.ts";
import { instances, releases } from "../schema/index.ts";

/** Statements behind spreadsheet uploads and exports (apps/server/src/services/spreadsheets). */

/** Release names of instances (those without a release are absent), looked up in batches. */
export function releaseNamesOf(db: Db, instanceIds: readonly number[]): Map<number, string> {
  const out = new Map<number, string>();
  // Chunked: SQLite limits the number of bound parameters per statement.
  for (let i = 0; i < instanceIds.length; i += 500) {
    const rows = db
      .select({ id: instances.id, release: releases.name })
      .from(instances)
      .innerJoin(releases, eq(releases.id, instances.releaseId))
      .where(inArray(instances.id, instanceIds.slice(i, i + 500)))
      .all();
    for (const r of rows) out.set(r.id, r.release);
  }
  return out;
}
