import type { Principal } from "@metabuild/core";
import { type Db, type ProjectRow, listProjects } from "@metabuild/db";
import type { Project, ProjectQuery } from "@metabuild/contract";
import type { AccessService } from "./access.ts";
import { pageOrThrow } from "./paging.ts";

export function toProject(row: ProjectRow): Project {
  return { id: row.id, name: row.name, deleted: row.deleted === 1, disabled: row.disabled === 1 };
}

export class ProjectService {
  constructor(
    private readonly db: Db,
    private readonly access: AccessService,
  ) {}

  async list(principal: Principal, query: ProjectQuery) {
    const page = pageOrThrow(
      await listProjects(this.db, {
        ...query,
        customerId: principal.customerId,
        accessibleTo: this.access.accessibleProjectFilter(principal),
      }),
    );
    return { items: page.items.map(toProject), total: page.total };
  }

  async get(principal: Principal, id: number): Promise<Project> {
    const project = await this.access.projectById(principal, id);
    await this.access.require(principal, project.id);
    return toProject(project);
  }
}
