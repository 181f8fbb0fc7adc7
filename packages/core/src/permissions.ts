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

/**
 * Why a disabled project refuses `permission`, or undefined when it does not
 * (docs/folders-and-projects.md): nobody writes its instances or starts its
 * builds; only admins still read it.
 */
export function disabledProjectRefusal(
  project: { name: string; disabled: number | boolean },
  admin: boolean,
  permission: Permission,
): string | undefined {
  if (!project.disabled) return undefined;
  const write = permission === "write_instances" || permission === "write_builds";
  if (!write && admin) return undefined;
  return write
    ? `Project '${project.name}' is disabled: its instances and builds cannot change until an administrator enables it`
    : `Project '${project.name}' is disabled`;
}
