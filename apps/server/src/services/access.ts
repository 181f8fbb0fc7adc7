import {
  BadRequest,
  DEVELOP_PATTERNS,
  Forbidden,
  NotFound,
  PERMISSIONS,
  type Permission,
  type Principal,
  type TokenScope,
  disabledProjectRefusal,
  holdsPermission,
  messages,
} from "@metabuild/core";
import {
  type Db,
  type ProjectReader,
  type ProjectRow,
  findProjectAccess,
  findProjectById,
  listGrantedPermissions,
  listUserGrants,
} from "@metabuild/db";

const deniedMessage: Record<Permission, string> = {
  access: messages.noProjectAccess,
  write_instances: messages.noWriteInstances,
  read_builds: messages.noDownload,
  write_builds: messages.noStartBuilds,
};

/** Project lookup and permission checks shared by every project-scoped operation. */
export class AccessService {
  constructor(private readonly db: Db) {}

  async permissionsOn(principal: Principal, projectId: number): Promise<Set<Permission>> {
    if (principal.token) return tokenPermissionsOn(principal.token, projectId);
    return new Set(
      (await listGrantedPermissions(this.db, principal.id, projectId)) as Permission[],
    );
  }

  /** Whether the principal holds `permission` and `access` on the project (admins hold all). */
  async holds(principal: Principal, projectId: number, permission: Permission): Promise<boolean> {
    try {
      await this.require(principal, projectId, permission);
      return true;
    } catch (err) {
      if (err instanceof Forbidden) return false;
      throw err;
    }
  }

  /** Throws 403 with the docs/reference/endpoints.md message unless the principal holds `permission` (and `access`). */
  async require(
    principal: Principal,
    project: number | Pick<ProjectRow, "id" | "name" | "disabled">,
    permission: Permission = "access",
  ): Promise<void> {
    // A caller that resolved the project already passes its row: no second lookup.
    if (typeof project !== "number") return this.check(principal, project, permission);
    // The row and the grants in one statement (a round trip each on PostgreSQL).
    const found = await findProjectAccess(
      this.db,
      principal.customerId,
      { id: project },
      principal.id,
    );
    return this.check(principal, found.project, permission, found.permissions);
  }

  /** The checks of `require` on a resolved row; `known`: the grants read with it. */
  async check(
    principal: Principal,
    row: Pick<ProjectRow, "id" | "name" | "disabled"> | undefined,
    permission: Permission,
    known?: string[],
  ): Promise<void> {
    const disabled = row && disabledProjectRefusal(row, principal.admin, permission);
    if (disabled) throw new Forbidden(disabled);
    if (principal.admin) return;
    const granted = principal.token
      ? tokenPermissionsOn(principal.token, row?.id)
      : known
        ? new Set(known as Permission[])
        : await this.permissionsOn(principal, (row as { id: number }).id);
    if (!holdsPermission(principal, granted, "access"))
      throw new Forbidden(messages.noProjectAccess);
    if (!holdsPermission(principal, granted, permission))
      throw new Forbidden(deniedMessage[permission]);
  }

  /** A project of the principal's customer by id; a foreign id is 404 like a missing one. */
  async projectById(principal: Principal, id: number): Promise<ProjectRow> {
    const project = await findProjectById(this.db, principal.customerId, id);
    if (!project) throw new NotFound(messages.recordNotFound(id));
    return project;
  }

  /**
   * Resolves `project` / `project_id` (exactly one required), then checks the
   * permission: 400, 404, 403 in that order, with docs/reference/endpoints.md's messages.
   */
  async resolveProject(
    principal: Principal,
    ref: { project?: string; project_id?: number },
    permission: Permission = "access",
  ): Promise<ProjectRow> {
    const hasName = ref.project !== undefined && ref.project !== "";
    const hasId = ref.project_id !== undefined;
    if (!hasName && !hasId) throw new BadRequest(messages.projectRequired);
    if (hasName && hasId) throw new BadRequest("Give either 'project' or 'project_id', not both");
    const found = await findProjectAccess(
      this.db,
      principal.customerId,
      hasId ? { id: ref.project_id as number } : { name: ref.project as string },
      principal.id,
    );
    const project = found.project;
    if (!project)
      throw new NotFound(
        hasId
          ? messages.recordNotFound(ref.project_id as number)
          : messages.projectNotFound(ref.project as string),
      );
    await this.check(principal, project, permission, found.permissions);
    return project;
  }

  /**
   * The project scope of a list whose project filter is optional: the named
   * project (resolved and checked as above), else every project the principal
   * may read.
   */
  async listScope(
    principal: Principal,
    ref: { project?: string; project_id?: number },
  ): Promise<{ projectId?: number; accessibleTo?: ProjectReader }> {
    if ((ref.project === undefined || ref.project === "") && ref.project_id === undefined)
      return { accessibleTo: this.accessibleProjectFilter(principal) };
    return { projectId: (await this.resolveProject(principal, ref)).id };
  }

  /**
   * Who reads a list: every project for an admin (undefined), the projects
   * a user holds `access` on, or an API token's one project (docs/identity.md).
   */
  accessibleProjectFilter(principal: Principal): ProjectReader | undefined {
    if (principal.admin) return undefined;
    const token = principal.token;
    if (token) return { projects: token.permissions.has("access") ? [token.projectId] : [] };
    return principal.id;
  }

  /**
   * `/me`'s projects: the user's own, or for an API token its one project
   * with the permissions it holds now (docs/identity.md).
   */
  projectsSeenBy(
    principal: Principal,
    own: { id: number; name: string; permissions: Permission[] }[],
  ): { id: number; name: string; permissions: Permission[] }[] {
    const token = principal.token;
    if (!token) return own;
    const held = tokenPermissionsOn(token, token.projectId);
    if (!held.has("access")) return [];
    const permissions = PERMISSIONS.filter((p) => held.has(p));
    return [{ id: token.projectId, name: token.projectName, permissions }];
  }

  /** Whether the principal may create and edit patterns: an admin, or `develop_patterns`. */
  async developsPatterns(principal: Principal): Promise<boolean> {
    if (principal.admin) return true;
    if (principal.token) return principal.token.permissions.has(DEVELOP_PATTERNS);
    return (await listUserGrants(this.db, principal.id)).includes(DEVELOP_PATTERNS);
  }
}

/** An API token's permissions on a project: none outside the one it reaches. */
function tokenPermissionsOn(token: TokenScope, projectId: number | undefined): Set<Permission> {
  if (projectId !== token.projectId) return new Set();
  return new Set([...token.permissions].filter((p) => p !== DEVELOP_PATTERNS) as Permission[]);
}
