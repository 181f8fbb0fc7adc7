import { type UserChange, type UserChangeRefusal, userChangeRefusal } from "@metabuild/core";
import { type Db, type UserRow, countOtherEnabledAdmins } from "@metabuild/db";
import { type AuditActor, changedFields, recordAudit } from "./audit.ts";

/**
 * What the admin pages and a bundle applied over HTTP share when they change
 * a user (docs/users-and-access.md "The rules of a user change"): the rules of
 * packages/core/src/user-rules.ts read against the store, and the audit events.
 */

/** Why `actorId` may not make `change` to the stored user, or undefined. */
export async function refusalOfUserChange(
  db: Db,
  before: UserRow,
  change: UserChange,
  actorId: number | undefined,
): Promise<UserChangeRefusal | undefined> {
  return userChangeRefusal(
    { id: before.id, admin: before.admin === 1, disabled: before.disabled === 1 },
    change,
    actorId,
    await countOtherEnabledAdmins(db, before.customerId, before.id),
  );
}

/** `user.create` for a new user, `user.reset_password` for a new password; never the password. */
export async function recordPasswordSet(
  db: Db,
  actor: AuditActor,
  row: UserRow,
  how: { created: boolean; oneTime: boolean },
): Promise<void> {
  await recordAudit(db, actor, {
    action: how.created ? "user.create" : "user.reset_password",
    target: userTarget(row),
    after: how.created
      ? { name: row.name, admin: row.admin === 1, one_time: how.oneTime }
      : { one_time: how.oneTime },
  });
}

/** One event for a change of name, admin or disabled, named by its verb when it is one; none without a change. */
export async function recordUserUpdated(
  db: Db,
  actor: AuditActor,
  before: UserRow,
  after: UserRow,
): Promise<void> {
  const diff = changedFields(auditedUser(before), auditedUser(after));
  if (Object.keys(diff.after).length === 0) return;
  await recordAudit(db, actor, {
    action: userAction(diff.after),
    target: userTarget(after),
    ...diff,
  });
}

export function userTarget(row: UserRow) {
  return { kind: "user", id: row.id, label: row.email };
}

/** What the log keeps of a user: never the password hash. */
function auditedUser(row: UserRow) {
  return { name: row.name, admin: row.admin === 1, disabled: row.disabled === 1 };
}

/** One change of a user names its verb when it is one: disable, enable, admin on or off. */
function userAction(after: Partial<ReturnType<typeof auditedUser>>): string {
  const keys = Object.keys(after);
  if (keys.length !== 1) return "user.update";
  if (after.disabled !== undefined) return after.disabled ? "user.disable" : "user.enable";
  if (after.admin !== undefined) return after.admin ? "user.make_admin" : "user.remove_admin";
  return "user.rename";
}
