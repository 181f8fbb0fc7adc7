import type { Project, ProjectCreate, ProjectUpdate } from "@metabuild/contract";
import {
  Conflict,
  Forbidden,
  NotFound,
  type Principal,
  type WriteLimits,
  checkLength,
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

/**
 * Creating, renaming, disabling and enabling projects: admins only
 * (docs/folders-and-projects.md). Names are unique per customer.
 */
export class ProjectWriteService {
  constructor(
    private readonly db: Db,
    private readonly limits: WriteLimits,
  ) {}

  create(principal: Principal, input: ProjectCreate): Project {
    requireProjectAdmin(principal);
    const name = this.checkedName(input.name);
    return transaction(this.db, () => {
      this.requireFreeName(principal, name);
      return toProject(insertProject(this.db, principal.customerId, name));
    });
  }

  update(principal: Principal, id: number, input: ProjectUpdate): Project {
    requireProjectAdmin(principal);
    const name = input.name === undefined ? undefined : this.checkedName(input.name);
    return transaction(this.db, () => {
      const project = findProjectById(this.db, principal.customerId, id);
      if (!project) throw new NotFound(messages.recordNotFound(id));
      if (name !== undefined && name !== project.name) this.requireFreeName(principal, name);
      const row = updateProject(this.db, principal.customerId, id, {
        name,
        disabled: input.disabled === undefined ? undefined : input.disabled ? 1 : 0,
      });
      return toProject(row ?? project);
    });
  }

  private checkedName(raw: string): string {
    const name = raw.trim();
    checkLength(name, this.limits.nameLength, "name");
    return name;
  }

  private requireFreeName(principal: Principal, name: string): void {
    if (findProjectByName(this.db, principal.customerId, name))
      throw new Conflict(`A project with the name '${name}' already exists`);
  }
}

function requireProjectAdmin(principal: Principal): void {
  if (!principal.admin) throw new Forbidden("Only administrators may create and change projects!");
}
