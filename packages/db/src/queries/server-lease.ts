import { and, eq } from "drizzle-orm";
import type { Db } from "../client.ts";
import { serverLease } from "../schema/server-state.ts";
import { storeTurn } from "../client.ts";
import { first } from "../store.ts";

/** Who holds a SQLite store's server lease (docs/scale-out.md "One server per SQLite store"). */
export interface ServerLease {
  holder: string;
  pid: number;
  host: string;
  processStart: string;
  since: number;
  heartbeatAt: number;
}

const LEASE_ID = 1;

export async function findServerLease(db: Db): Promise<ServerLease | undefined> {
  await storeTurn(db);
  const row = first(await db.select().from(serverLease).where(eq(serverLease.id, LEASE_ID)));
  if (!row) return undefined;
  const { id: _, ...lease } = row;
  return lease;
}

/**
 * Takes the lease when nobody holds it or, with `stale`, from that holder as
 * read before. One statement each, a compare-and-set: of two servers
 * starting together exactly one gets it. False when someone else got it first.
 */
export async function claimServerLease(
  db: Db,
  mine: ServerLease,
  stale?: ServerLease,
): Promise<boolean> {
  await storeTurn(db);
  if (!stale)
    return (
      (
        await db
          .insert(serverLease)
          .values({ id: LEASE_ID, ...mine })
          .onConflictDoNothing()
      ).changes === 1
    );
  return (
    (
      await db
        .update(serverLease)
        .set(mine)
        .where(
          and(
            eq(serverLease.id, LEASE_ID),
            eq(serverLease.holder, stale.holder),
            eq(serverLease.heartbeatAt, stale.heartbeatAt),
          ),
        )
    ).changes === 1
  );
}

/** Notes that the holder still runs; false when the lease is no longer its own. */
export async function renewServerLease(db: Db, holder: string, at: number): Promise<boolean> {
  await storeTurn(db);
  return (
    (
      await db
        .update(serverLease)
        .set({ heartbeatAt: at })
        .where(and(eq(serverLease.id, LEASE_ID), eq(serverLease.holder, holder)))
    ).changes === 1
  );
}

/** Gives the lease up (graceful stop); nothing when it is someone else's by now. */
export async function releaseServerLease(db: Db, holder: string): Promise<void> {
  await storeTurn(db);
  await db
    .delete(serverLease)
    .where(and(eq(serverLease.id, LEASE_ID), eq(serverLease.holder, holder)));
}
