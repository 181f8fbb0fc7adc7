import type { CustomColumn, SqlValue } from "@metabuild/contract";
import { and, eq } from "drizzle-orm";
import type { Db } from "../client.ts";
import { customTables } from "../schema/index.ts";
import { createCustomTable, dropCustomTable, insertCustomRows } from "./metadata-tables.ts";

export interface ReplacementTable {
  name: string;
  columns: CustomColumn[];
  rows: Record<string, SqlValue>[];
}

/**
 * Replaces custom tables of a project with new definitions and rows: each
 * named table is dropped (if it exists, in any letter case) and created
 * again. Call inside one transaction so readers see the old tables or the
 * new ones, never a mix (docs/harvesting.md).
 */
export function replaceCustomTables(db: Db, projectId: number, tables: ReplacementTable[]): void {
  const existing = db
    .select({ id: customTables.id, name: customTables.name })
    .from(customTables)
    .where(and(eq(customTables.projectId, projectId)))
    .all();
  for (const table of tables) {
    for (const old of existing)
      if (old.name.toUpperCase() === table.name.toUpperCase()) dropCustomTable(db, old.id);
    const created = createCustomTable(db, projectId, table.name, table.columns);
    insertCustomRows(db, created.id, table.rows);
  }
}
