import type { Principal } from "@metabuild/core";
import { type Db, insertCommit } from "@metabuild/db";
import { recordAudit } from "../audit.ts";
import type { WriteOptions } from "./write-types.ts";

// What a write records besides the instance: its audit event and its version's commit.

/** One event per changed instance, for console writes only (docs/audit-log.md). */
export async function auditWrite(
  db: Db,
  actor: Principal | null,
  options: WriteOptions,
  projectId: number,
  id: number,
  path: string,
  action: string,
  change: { before?: unknown; after: unknown },
): Promise<void> {
  if (!actor || options.source !== "console" || options.auditAction === false) return;
  await recordAudit(db, actor, {
    action: options.auditAction ?? action,
    projectId,
    target: { kind: "instance", id, label: path },
    ...change,
    ...(options.auditImpact
      ? { after: { ...(change.after as object), impact: options.auditImpact } }
      : {}),
  });
}

/** Inserts the commit of a new version; `before`/`after` are InstanceState JSON texts. */
export async function insertVersion(
  db: Db,
  instanceId: number,
  version: number,
  actor: Principal | null,
  options: WriteOptions,
  before: string | null,
  after: string,
  at: string,
): Promise<number> {
  return await insertCommit(db, {
    instanceId,
    version,
    userId: actor?.id ?? null,
    source: options.source,
    message: options.message?.trim() || null,
    before,
    after,
    createdAt: at,
  });
}
