import type { PermissionName } from "@metabuild/contract";
import {
  DEVELOP_PATTERNS_REASON,
  DEVELOP_PATTERNS_WORDS,
  PERMISSION_WORDS,
  missingPermissionReason,
} from "@metabuild/contract/permission-words";
import type { ButtonHTMLAttributes } from "react";

/**
 * A button the signed-in user may lack the grant for: with a `reason` it is
 * disabled and the reason shows on hover and to screen readers, instead of
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

/** In place of an action the user may not take at all: what it needs, in words. */
export function MissingGrant({
  permission,
  action,
}: {
  permission: PermissionName;
  action: string;
}) {
  return (
    <span className="muted permission-note" title={missingPermissionReason(permission)}>
      {action} needs the “{PERMISSION_WORDS[permission]}” grant.
    </span>
  );
}

/** In place of a pattern author's action: it needs `develop_patterns` (docs/identity.md). */
export function MissingDevelopPatterns({ action }: { action: string }) {
  return (
    <span className="muted permission-note" title={DEVELOP_PATTERNS_REASON}>
      {action} needs the “{DEVELOP_PATTERNS_WORDS}” grant; an admin can give it.
    </span>
  );
}
