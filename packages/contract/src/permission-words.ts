import type { PermissionName } from "./admin.ts";

/**
 * The per-project permissions in the order the console lists them, and the
 * words it names them with (docs/users-and-access.md). Zod-free, so the
 * console's first route can import it.
 */
export const PERMISSION_ORDER: readonly PermissionName[] = [
  "access",
  "write_instances",
  "read_builds",
  "write_builds",
];

export const PERMISSION_WORDS: Readonly<Record<PermissionName, string>> = {
  access: "View project",
  write_instances: "Edit instances",
  read_builds: "Download builds",
  write_builds: "Run builds",
};

/** Why an action is unavailable, shown on hover over the disabled control. */
export function missingPermissionReason(permission: PermissionName): string {
  return `You need the “${PERMISSION_WORDS[permission]}” grant on this project; an admin can give it.`;
}

/** The customer-wide grant of pattern authors (docs/identity.md), in words. */
export const DEVELOP_PATTERNS_WORDS = "Develop patterns";

/** Why creating or editing patterns is refused: the server's 403 and the console's hint. */
export const DEVELOP_PATTERNS_REASON = `You need the “${DEVELOP_PATTERNS_WORDS}” grant to create or edit patterns; an admin can give it`;
