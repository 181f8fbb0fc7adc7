import type { Me } from "@metabuild/contract";
import {
  DEVELOP_PATTERNS_REASON,
  missingPermissionReason,
} from "@metabuild/contract/permission-words";
import { useMe } from "../api/get-me.ts";
import { type ActionRule, CONSOLE_ACTIONS, type ConsoleAction } from "./actions.ts";

/** Why only administrators see an action enabled: the hover text of its control. */
export const ADMIN_ONLY_REASON = "Only administrators may do this; ask one of them.";

/** Why `rule` refuses, in the words of the server's 403 (docs/console-permissions.md). */
export function ruleReason(rule: ActionRule): string {
  if ("project" in rule) return missingPermissionReason(rule.project);
  if ("customer" in rule) return `${DEVELOP_PATTERNS_REASON}.`;
  return ADMIN_ONLY_REASON;
}

/**
 * THE rule of the console: whether the signed-in user `me` may take `action`
 * on project `projectId`, and if not, why. It mirrors the server's check
 * (CONSOLE_ACTIONS): an admin may do everything; a project permission needs
 * the grant (and `access`) on that project; `develop_patterns` is
 * customer-wide. While `me` is unknown the answer is no.
 */
export function can(
  me: Me | null | undefined,
  action: ConsoleAction,
  projectId?: number,
): { allowed: boolean; reason?: string } {
  const rule: ActionRule = CONSOLE_ACTIONS[action].rule;
  if (!me) return { allowed: false, reason: ruleReason(rule) };
  if (me.admin) return { allowed: true };
  let allowed = false;
  if ("project" in rule) {
    const held = me.projects.find((p) => p.id === projectId)?.permissions ?? [];
    allowed = held.includes("access") && held.includes(rule.project);
  } else if ("customer" in rule) allowed = me.develop_patterns;
  return allowed ? { allowed } : { allowed, reason: ruleReason(rule) };
}

export interface Permissions {
  /** Whether the signed-in user may take `action` (false while unknown). */
  may(action: ConsoleAction): boolean;
  /** The hover text of a control disabled because the user may not take `action`. */
  reason(action: ConsoleAction): string | undefined;
}

/** `can` for the signed-in user on one project (or customer-wide actions without one). */
export function useCan(projectId?: number): Permissions {
  const me = useMe().data;
  return {
    may: (action) => can(me, action, projectId).allowed,
    reason: (action) => can(me, action, projectId).reason,
  };
}
