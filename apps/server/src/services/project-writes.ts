import type { Project, ProjectCreate, ProjectUpdate } from "@metabuild/contract";
import {
  Conflict,
  Forbidden,
  NotFound,
  type Principal,
  type WriteLimits,
  checkLength,
  checkNameCharacters,
  messages,
} from "@metabuild/core";
import {
  type Db,
  findProjectById,
  findProjectByName,
  insertProject,
  transaction,
  updateProject,
} from "@metabuild/db";
import { toProject } from "./projects.ts";
import { changedFields, recordAudit } from "./audit.ts";

/**
 * Creating, renaming, disabling and enabling projects: admins only
 * (docs/folders-and-projects.md). Names are unique per customer.
 */
export class ProjectWriteService {
  constructor(
    private readonly db: Db,
    private readonly limits: WriteLimits,
  ) {}

  async create(principal: Principal, input: ProjectCreate): Promise<Project> {
    requireProjectAdmin(principal);
    const name = this.checkedName(input.name);
    return await transaction(this.db, async () => {
      await this.requireFreeName(principal, name);
      const project = toProject(await insertProject(this.db, principal.customerId, name));
      await recordAudit(this.db, principal, {
        action: "project.create",
        projectId: project.id,
        target: { kind: "project", id: project.id, label: name },
        after: { name },
      });
      return project;
    });
  }

  async update(principal: Principal, id: number, input: ProjectUpdate): Promise<Project> {
    requireProjectAdmin(principal);
    const name = input.name === undefined ? undefined : this.checkedName(input.name);
    return await transaction(this.db, async () => {
      const project = await findProjectById(this.db, principal.customerId, id);
      if (!project) throw new NotFound(messages.recordNotFound(id));
      if (name !== undefined && name !== project.name) await this.requireFreeName(principal, name);
      const row = await updateProject(this.db, principal.customerId, id, {
        name,
        disabled: input.disabled === undefined ? undefined : input.disabled ? 1 : 0,
      });
      const after = row ?? project;
      const change = changedFields(
        { name: project.name, disabled: project.disabled === 1 },
        { name: after.name, disabled: after.disabled === 1 },
      );
      if (Object.keys(change.after).length > 0)
        await recordAudit(this.db, principal, {
          action:
            change.after.disabled === undefined
              ? "project.rename"
              : change.after.disabled
                ? "project.disable"
                : "project.enable",
          projectId: id,
          target: { kind: "project", id, label: after.name },
          ...change,
        });
      return toProject(after);
    });
  }

  private checkedName(raw: string): string {
    const name = raw.trim();
    checkLength(name, this.limits.nameLength, "name");
    checkNameCharacters(name, "name");
    return name;
  }

  private async requireFreeName(principal: Principal, name: string): Promise<void> {
    if (await findProjectByName(this.db, principal.customerId, name))
      throw new Conflict(`A project with the name '${name}' already exists`);
  }
}

function requireProjectAdmin(principal: Principal): void {
  if (!principal.admin) throw new Forbidden("Only administrators may create and change projects!");
}
