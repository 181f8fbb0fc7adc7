import { type SQL, and, eq, inArray } from "drizzle-orm";
import type { Db } from "../client.ts";
import type { deployments } from "../schema/index.ts";
import { type Page, type PageRequest, selectPage } from "./paging.ts";
import { patternIdsOfCustomer } from "./patterns.ts";
import { storeTurn } from "../client.ts";
import { first, tablesOf } from "../store.ts";

export type DeploymentRow = typeof deployments.$inferSelect;

export interface DeploymentFilter extends PageRequest {
  customerId: number;
  patternId?: number;
  name?: string;
}

export async function listDeployments(
  db: Db,
  f: DeploymentFilter,
): Promise<Page<DeploymentRow> | { unknownField: string }> {
  await storeTurn(db);
  const { deployments } = tablesOf(db);
  const t = deployments;
  const where: SQL[] = [inArray(t.patternId, patternIdsOfCustomer(db, f.customerId))];
  if (f.patternId !== undefined) where.push(eq(t.patternId, f.patternId));
  if (f.name !== undefined) where.push(eq(t.name, f.name));
  const sortable = { id: t.id, pattern_id: t.patternId, name: t.name };
  return await selectPage(db, t, and(...where), f, sortable, t.id);
}

/** A deployment definition of one of the customer's patterns. */
export async function findDeploymentById(
  db: Db,
  customerId: number,
  id: number,
): Promise<DeploymentRow | undefined> {
  await storeTurn(db);
  const { deployments } = tablesOf(db);
  return first(
    await db
      .select()
      .from(deployments)
      .where(
        and(
          eq(deployments.id, id),
          inArray(deployments.patternId, patternIdsOfCustomer(db, customerId)),
        ),
      ),
  );
}

export async function findDeploymentByName(
  db: Db,
  patternId: number,
  name: string,
): Promise<DeploymentRow | undefined> {
  await storeTurn(db);
  const { deployments } = tablesOf(db);
  return first(
    await db
      .select()
      .from(deployments)
      .where(and(eq(deployments.patternId, patternId), eq(deployments.name, name))),
  );
}
