import { DEVELOP_PATTERNS_WORDS, PERMISSION_WORDS } from "@metabuild/contract/permission-words";
import type { ButtonHTMLAttributes } from "react";
import { type ActionRule, CONSOLE_ACTIONS, type ConsoleAction } from "../permissions/actions.ts";
import { ruleReason } from "../permissions/can.ts";

/**
 * A button the signed-in user may lack the grant for: with a `reason` (from
 * `useCan(project).reason(action)`, never written by hand) it is disabled and the reason shows on hover and to screen readers, instead of
 * a click the server would refuse (docs/console-permissions.md).
 */
export function PermittedButton({
  reason,
  disabled,
  className = "button",
  type = "button",
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { reason?: string }) {
  if (!reason) return <button type={type} className={className} disabled={disabled} {...props} />;
  // A disabled button gets no pointer events, so the hover text sits on a wrapper.
  return (
    <span className="permission-hint" title={reason}>
      <button
        type={type}
        className={className}
        disabled
        aria-disabled="true"
        aria-description={reason}
        {...props}
      />
    </span>
  );
}

/**
 * In place of an action the user may not take at all: what it needs, in
 * words, from the action's rule (docs/console-permissions.md).
 */
export function MissingGrant({ action, what }: { action: ConsoleAction; what: string }) {
  const rule: ActionRule = CONSOLE_ACTIONS[action].rule;
  const needs =
    "project" in rule
      ? `the “${PERMISSION_WORDS[rule.project]}” grant.`
      : "customer" in rule
        ? `the “${DEVELOP_PATTERNS_WORDS}” grant; an admin can give it.`
        : "an administrator.";
  return (
    <span className="muted permission-note" title={ruleReason(rule)}>
      {what} needs {needs}
    </span>
  );
}
