import { PERMISSION_ORDER } from "@metabuild/contract/permission-words";

/**
 * The mapping from an identity provider's groups to grants
 * (docs/identity.md "Group mapping"): `group=PROJECT:perm,perm` entries
 * separated by `;`, and `group=develop_patterns` for the customer-wide grant.
 * A group may appear in several entries.
 */
export interface GroupGrant {
  group: string;
  /** The project's name; null for the customer-wide `develop_patterns`. */
  project: string | null;
  permissions: readonly string[];
}

const PROJECT_PERMISSIONS: readonly string[] = PERMISSION_ORDER;

/** Parses the mapping; a malformed entry throws naming it and `name` (the setting). */
export function parseGroupGrants(text: string, name: string): GroupGrant[] {
  const grants: GroupGrant[] = [];
  for (const raw of text.split(";")) {
    const entry = raw.trim();
    if (entry === "") continue;
    const bad = (why: string) => new Error(`${name}: '${entry}' ${why}`);
    const eq = entry.indexOf("=");
    if (eq <= 0) throw bad("must be group=PROJECT:permission,… or group=develop_patterns");
    const group = entry.slice(0, eq).trim();
    const target = entry.slice(eq + 1).trim();
    if (target === "develop_patterns") {
      grants.push({ group, project: null, permissions: ["develop_patterns"] });
      continue;
    }
    const colon = target.lastIndexOf(":");
    if (colon <= 0) throw bad("must name a project and its permissions (PROJECT:access,…)");
    const project = target.slice(0, colon).trim();
    const permissions = target
      .slice(colon + 1)
      .split(",")
      .map((p) => p.trim())
      .filter((p) => p !== "");
    const unknown = permissions.filter((p) => !PROJECT_PERMISSIONS.includes(p));
    if (permissions.length === 0 || unknown.length > 0)
      throw bad(`names permissions ${PROJECT_PERMISSIONS.join(", ")} only`);
    grants.push({ group, project, permissions });
  }
  return grants;
}

/** What a person in `groups` holds by the mapping, per mapped project, and `develop_patterns`. */
export interface MappedGrants {
  /** Every project the mapping names, with the permissions the groups give there (maybe none). */
  projects: Map<string, Set<string>>;
  /** Whether any mapping names develop_patterns, and whether the groups give it. */
  developPatterns: { mapped: boolean; granted: boolean };
}

export function grantsOfGroups(mapping: readonly GroupGrant[], groups: readonly string[]) {
  const member = new Set(groups);
  const result: MappedGrants = {
    projects: new Map(),
    developPatterns: { mapped: false, granted: false },
  };
  for (const g of mapping) {
    if (g.project === null) {
      result.developPatterns.mapped = true;
      if (member.has(g.group)) result.developPatterns.granted = true;
      continue;
    }
    const held = result.projects.get(g.project) ?? new Set<string>();
    result.projects.set(g.project, held);
    if (!member.has(g.group)) continue;
    for (const p of g.permissions) held.add(p);
    // A project grant without access counts for nothing (docs/identity.md).
    if (held.size > 0) held.add("access");
  }
  return result;
}
