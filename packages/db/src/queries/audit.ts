import { type SQL, and, desc, eq, gte, lt, lte, or, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import type { auditEvents } from "../schema/index.ts";
import { NO_LIMIT, type Page, type PageRequest, orderBy } from "./paging.ts";
import { containsText, startsWithText } from "./like.ts";
import { namedStatement } from "./prepared.ts";
import { storeTurn } from "../client.ts";
import { changedRows, first, tablesOf } from "../store.ts";

export type AuditEventRow = typeof auditEvents.$inferSelect;
export type NewAuditEvent = Omit<typeof auditEvents.$inferInsert, "id" | "userName">;

/**
 * Appends one event; the user's name is snapshotted from the users table in
 * the same statement (one round trip per event, docs/audit-log.md).
 */
export async function insertAuditEvent(db: Db, e: NewAuditEvent): Promise<void> {
  await storeTurn(db);
  await namedStatement(
    db,
    "insertAuditEvent",
    `INSERT INTO audit_events (customer_id, project_id, at, user_id, user_email, user_name,
         action, target_kind, target_id, target_label, before, after, request_id, client_address)
       VALUES (@customerId, @projectId, @at, @userId, @userEmail,
         (SELECT name FROM users WHERE id = @userId),
         @action, @targetKind, @targetId, @targetLabel, @before, @after, @requestId, @clientAddress)`,
  ).run({
    customerId: e.customerId,
    projectId: e.projectId ?? null,
    at: e.at,
    userId: e.userId ?? null,
    userEmail: e.userEmail ?? null,
    action: e.action,
    targetKind: e.targetKind ?? null,
    targetId: e.targetId ?? null,
    targetLabel: e.targetLabel ?? null,
    before: e.before ?? null,
    after: e.after ?? null,
    requestId: e.requestId ?? null,
    clientAddress: e.clientAddress ?? null,
  });
}

export interface AuditFilter {
  userId?: number;
  /** Prefix of the action. */
  action?: string;
  projectId?: number;
  targetKind?: string;
  targetId?: string;
  /** Inclusive ISO 8601 bounds on `at`. */
  from?: string;
  to?: string;
  /** Contained in the user, action, target or before/after texts. */
  q?: string;
}

/** One customer's events under `filter`, newest first unless `$sort` says otherwise. */
export async function listAuditEvents(
  db: Db,
  customerId: number,
  filter: AuditFilter,
  req: PageRequest,
): Promise<Page<AuditEventRow> | { unknownField: string }> {
  await storeTurn(db);
  const { auditEvents } = tablesOf(db);
  const a = auditEvents;
  const terms: (SQL | undefined)[] = [eq(a.customerId, customerId)];
  if (filter.userId !== undefined) terms.push(eq(a.userId, filter.userId));
  if (filter.action) terms.push(startsWithText(db, a.action, filter.action));
  if (filter.projectId !== undefined) terms.push(eq(a.projectId, filter.projectId));
  if (filter.targetKind) terms.push(eq(a.targetKind, filter.targetKind));
  if (filter.targetId) terms.push(eq(a.targetId, filter.targetId));
  if (filter.from) terms.push(gte(a.at, filter.from));
  if (filter.to) terms.push(lte(a.at, filter.to));
  if (filter.q) {
    const q = filter.q;
    terms.push(
      or(
        containsText(db, sql`${a.userEmail}`, q),
        containsText(db, sql`${a.userName}`, q),
        containsText(db, sql`${a.action}`, q),
        containsText(db, sql`${a.targetLabel}`, q),
        containsText(db, sql`${a.before}`, q),
        containsText(db, sql`${a.after}`, q),
      ),
    );
  }
  const where = and(...terms);
  const sorted = req.$sort?.length
    ? orderBy(req.$sort, { id: a.id, at: a.at, action: a.action }, a.id, db)
    : [desc(a.id)];
  if (!Array.isArray(sorted)) return sorted;
  const total =
    first(
      await db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(a)
        .where(where),
    )?.n ?? 0;
  const items = await db
    .select()
    .from(a)
    .where(where)
    .orderBy(...sorted)
    .limit(req.$limit ?? NO_LIMIT)
    .offset(req.$skip ?? 0);
  return { items, total };
}

/** Removes events older than `before` (retention, docs/audit-log.md); answers how many. */
export async function deleteAuditEventsBefore(db: Db, before: string): Promise<number> {
  await storeTurn(db);
  const { auditEvents } = tablesOf(db);
  return changedRows(await db.delete(auditEvents).where(lt(auditEvents.at, before)));
}
