import { DEVELOP_PATTERNS, PERMISSIONS } from "./permissions.ts";

/** API tokens start with this, so they are told from a JWT at a glance (docs/identity.md). */
export const API_TOKEN_PREFIX = "mbt_";

/** What a token may name: the project permissions, and `develop_patterns`. */
export const TOKEN_PERMISSIONS = [...PERMISSIONS, DEVELOP_PATTERNS] as const;
export type TokenPermission = (typeof TOKEN_PERMISSIONS)[number];

export function isApiToken(text: string): boolean {
  return text.startsWith(API_TOKEN_PREFIX);
}

/** What a token's owner holds now; undefined for a service-account token. */
export interface TokenOwner {
  admin: boolean;
  /** The owner's grants on the token's project. */
  projectPermissions: readonly string[];
  /** The owner's customer-wide grants (`develop_patterns`). */
  customerPermissions: readonly string[];
}

/**
 * A token's permissions now: the named ones its owner still holds (an
 * admin holds all). A service-account token holds exactly what it names. A
 * project grant without `access` counts for nothing, as for people.
 */
export function effectiveTokenPermissions(
  named: readonly string[],
  owner: TokenOwner | undefined,
): Set<string> {
  if (!owner || owner.admin) return new Set(named);
  const project = new Set(owner.projectPermissions);
  const held = new Set<string>(project.has("access") ? project : []);
  for (const p of owner.customerPermissions) held.add(p);
  return new Set(named.filter((p) => held.has(p)));
}

/**
 * The permissions named at creation that the creator may not hand out:
 * a token never exceeds its owner. Service-account tokens are created by
 * admins, who hold every permission.
 */
export function permissionsBeyondOwner(named: readonly string[], owner: TokenOwner): string[] {
  const held = effectiveTokenPermissions(named, owner);
  return named.filter((p) => !held.has(p));
}

/** The stored, ordered list of named permissions (duplicates dropped). */
export function orderedTokenPermissions(named: readonly string[]): TokenPermission[] {
  return TOKEN_PERMISSIONS.filter((p) => named.includes(p));
}
