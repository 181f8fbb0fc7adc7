/** Per-project permissions (docs/reference/rules.md §1). */
export const PERMISSIONS = ["access", "write_instances", "read_builds", "write_builds"] as const;
export type Permission = (typeof PERMISSIONS)[number];

export interface Principal {
  id: number;
  customerId: number;
  email: string;
  admin: boolean;
}

/** An admin holds every permission on every project of the customer. */
export function holdsPermission(
  principal: Principal,
  granted: ReadonlySet<Permission> | readonly Permission[],
  permission: Permission,
): boolean {
  if (principal.admin) return true;
  const set = granted instanceof Set ? granted : new Set(granted);
  return set.has(permission);
}
