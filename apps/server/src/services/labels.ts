import type { Label, LabelQuery } from "@metabuild/contract";
import { NotFound, type Principal, messages } from "@metabuild/core";
import { type Db, type LabelRow, findLabel, listLabels } from "@metabuild/db";
import type { AccessService } from "./access.ts";
import { pageOrThrow } from "./paging.ts";

export function toLabel(row: LabelRow): Label {
  return { id: row.id, project_id: row.projectId, name: row.name };
}

/** GET /api/v1/labels (docs/reference/rules.md §10a): labels of the projects a user may read. */
export class LabelService {
  constructor(
    private readonly db: Db,
    private readonly access: AccessService,
  ) {}

  async list(principal: Principal, query: LabelQuery) {
    const page = pageOrThrow(
      await listLabels(this.db, {
        ...(await this.access.listScope(principal, query)),
        customerId: principal.customerId,
        name: query.name,
        $limit: query.$limit,
        $skip: query.$skip,
        $sort: query.$sort,
      }),
    );
    return { items: page.items.map(toLabel), total: page.total };
  }

  async get(principal: Principal, id: number): Promise<Label> {
    const label = await findLabel(this.db, principal.customerId, id);
    if (!label) throw new NotFound(messages.recordNotFound(id));
    await this.access.require(principal, label.projectId);
    return toLabel(label);
  }
}
