import type { InstanceFolder, InstanceFolderQuery } from "@metabuild/contract";
import { NotFound, type Principal, messages, normalizeFolderPath } from "@metabuild/core";
import { type Db, type FolderRow, findFolder, listFolders } from "@metabuild/db";
import type { AccessService } from "./access.ts";
import { pageOrThrow } from "./paging.ts";

export function toInstanceFolder(row: FolderRow): InstanceFolder {
  return {
    id: row.id,
    project_id: row.projectId,
    parent_id: row.parentId,
    name: row.name,
    path: row.path,
  };
}

/** GET /api/v1/instance_folders (docs/reference/rules.md §10a): folders of the projects a user may read. */
export class FolderService {
  constructor(
    private readonly db: Db,
    private readonly access: AccessService,
  ) {}

  async list(principal: Principal, query: InstanceFolderQuery) {
    const page = pageOrThrow(
      await listFolders(this.db, {
        ...(await this.access.listScope(principal, query)),
        customerId: principal.customerId,
        path: query.path === undefined ? undefined : normalizeFolderPath(query.path),
        parentId: query.parent_id,
        name: query.name,
        $limit: query.$limit,
        $skip: query.$skip,
        $sort: query.$sort,
      }),
    );
    return { items: page.items.map(toInstanceFolder), total: page.total };
  }

  async get(principal: Principal, id: number): Promise<InstanceFolder> {
    const folder = await findFolder(this.db, principal.customerId, id);
    if (!folder) throw new NotFound(messages.recordNotFound(id));
    await this.access.require(principal, folder.projectId);
    return toInstanceFolder(folder);
  }
}
