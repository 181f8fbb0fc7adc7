/** Per-project permissions (docs/reference/rules.md §1). */
export const PERMISSIONS = ["access", "write_instances", "read_builds", "write_builds"] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** A customer-wide permission (docs/identity.md): creating and editing patterns. */
export const DEVELOP_PATTERNS = "develop_patterns";

/**
 * What an API token reaches (docs/identity.md): one project, and the
 * permissions it holds there now (the named ones its owner still holds).
 */
export interface TokenScope {
  id: number;
  name: string;
  projectId: number;
  projectName: string;
  permissions: ReadonlySet<string>;
  /** A service-account token: the customer's, not a person's. */
  serviceAccount: boolean;
}

export interface Principal {
  id: number;
  customerId: number;
  email: string;
  /** Never true for an API token, even an admin's: a token holds only what it names. */
  admin: boolean;
  /** Set when the request came with an API token. */
  token?: TokenScope;
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
