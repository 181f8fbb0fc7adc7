import { AsyncLocalStorage } from "node:async_hooks";
import type { AuditEvent, AuditQuery } from "@metabuild/contract";
import { Forbidden, type Principal, messages } from "@metabuild/core";
import {
  type AuditEventRow,
  type Db,
  deleteAuditEventsBefore,
  insertAuditEvent,
  listAuditEvents,
} from "@metabuild/db";
import type { Clock } from "../infra/clock.ts";
import { pageOrThrow } from "./paging.ts";

/** What a request tells the events it causes: its id (request log) and client address. */
export interface AuditRequestContext {
  requestId?: string;
  clientAddress?: string;
}

const requestContext = new AsyncLocalStorage<AuditRequestContext>();

/** Runs `fn` (the rest of a request) so the events it records carry the request's id. */
export function withAuditContext<T>(context: AuditRequestContext, fn: () => T): T {
  return requestContext.run(context, fn);
}

/** The id of the request being answered, if any (for work handed to another process). */
export function currentRequestId(): string | undefined {
  return requestContext.getStore()?.requestId;
}

/** Who did it: a signed-in user, or a customer's anonymous side (a failed sign-in). */
export type AuditActor =
  | Pick<Principal, "id" | "customerId" | "email">
  | { id: null; customerId: number; email: string | null };

export interface AuditRecord {
  action: string;
  projectId?: number | null;
  target?: { kind: string; id?: string | number | null; label?: string | null };
  /** Only what changed; keys naming a secret are dropped (docs/audit-log.md). */
  before?: unknown;
  after?: unknown;
  clientAddress?: string;
  /** For work done away from the request (the metadata executor): the request's id. */
  requestId?: string;
}

/**
 * A change made with the server's CLI on its host: no signed-in user; the
 * event says `via: "cli"` in its after (docs/audit-log.md).
 */
export function cliActor(customerId: number): AuditActor {
  return { id: null, customerId, email: null };
}

/** Keys whose values never enter the log, at any depth. */
const SECRET_KEY = /passw(or)?d|hash|token|secret|credential|api[_-]?key|private[_-]?key/i;
/** A before/after value longer than this is cut (SQL texts, long cells). */
export const AUDIT_TEXT_MAX = 2000;

/** Copy of `value` without secret-named keys and with long texts cut. */
export function scrubbed(value: unknown): unknown {
  if (value === undefined) return undefined;
  if (typeof value === "string")
    return value.length > AUDIT_TEXT_MAX ? `${value.slice(0, AUDIT_TEXT_MAX)}…` : value;
  if (Array.isArray(value)) return value.map(scrubbed);
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value))
      if (!SECRET_KEY.test(k) && v !== undefined) out[k] = scrubbed(v);
    return out;
  }
  return value;
}

/** A value whose name marks it as a secret (a `DB_PASSWORD` variable) is logged as `***`. */
export function secretSafeValue(name: string, value: string): string {
  return SECRET_KEY.test(name) ? "***" : value;
}

function json(value: unknown): string | null {
  const v = scrubbed(value);
  return v === undefined || v === null ? null : JSON.stringify(v);
}

/**
 * Records one event. Call it inside the transaction of the change it
 * records, so both are stored or neither (docs/audit-log.md).
 */
export async function recordAudit(db: Db, actor: AuditActor, record: AuditRecord): Promise<void> {
  const context = requestContext.getStore();
  const target = record.target;
  await insertAuditEvent(db, {
    customerId: actor.customerId,
    projectId: record.projectId ?? null,
    at: new Date().toISOString(),
    userId: actor.id,
    userEmail: actor.email,
    action: record.action,
    targetKind: target?.kind ?? null,
    targetId: target?.id === undefined || target.id === null ? null : String(target.id),
    targetLabel: target?.label ?? null,
    before: json(record.before),
    after: json(record.after),
    requestId: record.requestId ?? context?.requestId ?? null,
    clientAddress: record.clientAddress ?? context?.clientAddress ?? null,
  });
}

/** The fields of `after` that differ from `before`, as a `{ before, after }` pair of objects. */
export function changedFields<T extends Record<string, unknown>>(
  before: T,
  after: Partial<T>,
): { before: Partial<T>; after: Partial<T> } {
  const b: Partial<T> = {};
  const a: Partial<T> = {};
  for (const key of Object.keys(after) as (keyof T)[]) {
    if (after[key] === undefined) continue;
    if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    b[key] = before[key];
    a[key] = after[key];
  }
  return { before: b, after: a };
}

const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;

/** Admins read their customer's log; old events go after the retention (docs/audit-log.md). */
export class AuditService {
  private prunedAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    /** METABUILD_AUDIT_RETENTION_DAYS; 0 keeps every event. */
    private readonly retentionDays: number,
  ) {}

  async list(
    principal: Principal,
    query: AuditQuery,
  ): Promise<{ items: AuditEvent[]; total: number }> {
    if (!principal.admin) throw new Forbidden(messages.adminOnly);
    await this.pruneHourly();
    const { $limit, $skip, $sort, user_id, action, project_id, target_kind, target_id } = query;
    const to =
      query.to && /^\d{4}-\d{2}-\d{2}$/.test(query.to) ? `${query.to}T23:59:59.999Z` : query.to;
    const page = pageOrThrow(
      await listAuditEvents(
        this.db,
        principal.customerId,
        {
          userId: user_id,
          action,
          projectId: project_id,
          targetKind: target_kind,
          targetId: target_id,
          from: query.from,
          to,
          q: query.q,
        },
        { $limit, $skip, $sort },
      ),
    );
    return { items: page.items.map(toAuditEvent), total: page.total };
  }

  /** Deletes events past the retention; answers how many went. */
  async prune(): Promise<number> {
    this.prunedAt = this.clock.now().getTime();
    if (this.retentionDays <= 0) return 0;
    const cutoff = new Date(this.prunedAt - this.retentionDays * DAY_MS).toISOString();
    return await deleteAuditEventsBefore(this.db, cutoff);
  }

  /** Prunes now and once a day until the returned function is called (server start). */
  async keepRetention(logger: {
    error(message: string, err?: unknown): void;
  }): Promise<() => void> {
    const run = async () => {
      try {
        await this.prune();
      } catch (err) {
        logger.error("Pruning the audit log failed:", err);
      }
    };
    if (this.retentionDays <= 0) return () => {};
    await run();
    const timer = setInterval(run, DAY_MS);
    timer.unref();
    return () => clearInterval(timer);
  }

  private async pruneHourly(): Promise<void> {
    if (this.clock.now().getTime() - this.prunedAt >= HOUR_MS) await this.prune();
  }
}

function parsed(text: string | null): unknown {
  return text === null ? null : JSON.parse(text);
}

function toAuditEvent(row: AuditEventRow): AuditEvent {
  return {
    id: row.id,
    at: row.at,
    project_id: row.projectId,
    user_id: row.userId,
    user_email: row.userEmail,
    user_name: row.userName,
    action: row.action,
    target_kind: row.targetKind,
    target_id: row.targetId,
    target_label: row.targetLabel,
    before: parsed(row.before),
    after: parsed(row.after),
    request_id: row.requestId,
    client_address: row.clientAddress,
  };
}
