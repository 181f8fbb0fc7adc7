import { and, count, desc, eq, gt, lte, sql } from "drizzle-orm";
import type { Db, Schema } from "../client.ts";
import { prepared } from "./prepared.ts";
import { storeTurn } from "../client.ts";
import { first, returnedRow, tablesOf } from "../store.ts";

/** Whose failures a count takes: an e-mail's, a client's, or the (e-mail, client) pair's. */
export type SignInFailureScope = "email" | "client" | "pair";

type Failures = Schema["signInFailures"];

function scopeWhere(f: Failures, scope: SignInFailureScope) {
  const emailHash = sql.placeholder("emailHash");
  const client = sql.placeholder("client");
  if (scope === "email") return eq(f.emailHash, emailHash);
  if (scope === "client") return eq(f.client, client);
  // A success from the client cleared the pair's earlier failures (docs/sign-in-throttling.md).
  return and(eq(f.emailHash, emailHash), eq(f.client, client), eq(f.pairCleared, 0));
}

/**
 * The time (ms) of the `nth` newest failure of the scope after `since`, or
 * undefined when there are fewer: the throttle's wait runs from it.
 */
export async function nthNewestSignInFailure(
  db: Db,
  scope: SignInFailureScope,
  key: { emailHash: string; client: string },
  nth: number,
  since: number,
): Promise<number | undefined> {
  await storeTurn(db);
  const f = tablesOf(db).signInFailures;
  const row = await prepared(db, `signInFailure:${scope}`, () =>
    db
      .select({ at: f.failedAt })
      .from(f)
      .where(and(scopeWhere(f, scope), gt(f.failedAt, sql.placeholder("since"))))
      .orderBy(desc(f.failedAt))
      .limit(1)
      .offset(sql.placeholder("skip"))
      .prepare(),
  ).get({ ...key, since, skip: nth - 1 });
  return row?.at;
}

/**
 * Records one failure, forgets those at or before `since` (out of the
 * window), and keeps at most `keep` rows (the newest): a spray of failures
 * cannot grow the table without bound.
 */
export async function recordSignInFailure(
  db: Db,
  failure: { emailHash: string; client: string; at: number },
  bounds: { since: number; keep: number },
): Promise<void> {
  await storeTurn(db);
  const f = tablesOf(db).signInFailures;
  const { id } = returnedRow(
    await db
      .insert(f)
      .values({ emailHash: failure.emailHash, client: failure.client, failedAt: failure.at })
      .returning({ id: f.id }),
  );
  await db.delete(f).where(lte(f.failedAt, bounds.since));
  // Ids only grow (AUTOINCREMENT): those `keep` or more below the newest are the oldest.
  await db.delete(f).where(lte(f.id, id - bounds.keep));
}

/** A success of the e-mail from the client: that pair counts from zero again, the other counts go on. */
export async function clearSignInFailurePair(
  db: Db,
  key: { emailHash: string; client: string },
): Promise<void> {
  await storeTurn(db);
  const f = tablesOf(db).signInFailures;
  await db
    .update(f)
    .set({ pairCleared: 1 })
    .where(and(eq(f.emailHash, key.emailHash), eq(f.client, key.client), eq(f.pairCleared, 0)));
}

/** Failures kept (all scopes): for the bound's test. */
export async function countSignInFailures(db: Db): Promise<number> {
  await storeTurn(db);
  const f = tablesOf(db).signInFailures;
  return first(await db.select({ n: count() }).from(f))?.n ?? 0;
}
