import { grantsOfGroups, type GroupGrant } from "@metabuild/core";
import {
  type Db,
  type UserRow,
  listGrantableProjects,
  listGrantedPermissions,
  listUserGrants,
  setGrant,
  setUserGrant,
} from "@metabuild/db";
import { recordAudit } from "../audit.ts";

/**
 * Sets the grants the provider's groups give (docs/identity.md "Group
 * mapping"): on every project the mapping names, the person holds exactly
 * what their groups give there; projects the mapping does not name keep what
 * an admin gave. Changes are audited as `grant.change` by the person.
 */
export async function applyGroupGrants(
  db: Db,
  user: UserRow,
  mapping: readonly GroupGrant[],
  groups: readonly string[],
): Promise<void> {
  if (mapping.length === 0) return;
  const mapped = grantsOfGroups(mapping, groups);
  const projects = await listGrantableProjects(db, user.customerId);
  for (const [name, wanted] of mapped.projects) {
    const project = projects.find((p) => p.name === name);
    if (!project) continue;
    const held = new Set(await listGrantedPermissions(db, user.id, project.id));
    const before: Record<string, boolean> = {};
    const after: Record<string, boolean> = {};
    for (const permission of new Set([...held, ...wanted])) {
      if (held.has(permission) === wanted.has(permission)) continue;
      await setGrant(
        db,
        { userId: user.id, projectId: project.id, permission },
        wanted.has(permission),
      );
      before[permission] = held.has(permission);
      after[permission] = wanted.has(permission);
    }
    if (Object.keys(after).length > 0)
      await recordAudit(db, user, {
        action: "grant.change",
        projectId: project.id,
        target: { kind: "user", id: user.id, label: user.email },
        before,
        after: { ...after, source: "identity provider groups" },
      });
  }
  if (!mapped.developPatterns.mapped) return;
  const has = (await listUserGrants(db, user.id)).includes("develop_patterns");
  if (has === mapped.developPatterns.granted) return;
  await setUserGrant(db, { userId: user.id, permission: "develop_patterns" }, !has);
  await recordAudit(db, user, {
    action: "grant.change",
    target: { kind: "user", id: user.id, label: user.email },
    before: { develop_patterns: has },
    after: { develop_patterns: !has, source: "identity provider groups" },
  });
}
