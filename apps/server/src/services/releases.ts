import type { Release, ReleaseGroup, ReleaseGroupQuery, ReleaseQuery } from "@metabuild/contract";
import { NotFound, type Principal, messages } from "@metabuild/core";
import {
  type Db,
  type ReleaseGroupRow,
  type ReleaseRow,
  findRelease,
  findReleaseGroup,
  findReleaseGroupByName,
  listReleaseGroups,
  listReleases,
} from "@metabuild/db";
import { pageOrThrow } from "./paging.ts";

export function toReleaseGroup(row: ReleaseGroupRow): ReleaseGroup {
  return { id: row.id, customer_id: row.customerId, name: row.name };
}

export function toRelease(row: ReleaseRow): Release {
  return { id: row.id, release_group_id: row.releaseGroupId, name: row.name };
}

/**
 * GET /api/v1/release_groups and /api/v1/releases (docs/reference/rules.md §10a). Release
 * groups are customer-wide, so any user of the customer may read them.
 */
export class ReleaseService {
  constructor(private readonly db: Db) {}

  async listGroups(principal: Principal, query: ReleaseGroupQuery) {
    const page = pageOrThrow(
      await listReleaseGroups(this.db, { ...query, customerId: principal.customerId }),
    );
    return { items: page.items.map(toReleaseGroup), total: page.total };
  }

  async getGroup(principal: Principal, id: number): Promise<ReleaseGroup> {
    const group = await findReleaseGroup(this.db, principal.customerId, id);
    if (!group) throw new NotFound(messages.recordNotFound(id));
    return toReleaseGroup(group);
  }

  /**
   * Filter `release_group` names a group, `release_group_id` identifies one:
   * unknown is 404, like the pattern and agent group filters.
   */
  async list(principal: Principal, query: ReleaseQuery) {
    let releaseGroupId = query.release_group_id;
    if (releaseGroupId !== undefined) await this.getGroup(principal, releaseGroupId);
    if (query.release_group !== undefined) {
      const group = await findReleaseGroupByName(
        this.db,
        principal.customerId,
        query.release_group,
      );
      if (!group) throw new NotFound(messages.releaseGroupNotFound(query.release_group));
      if (releaseGroupId !== undefined && releaseGroupId !== group.id)
        return { items: [], total: 0 };
      releaseGroupId = group.id;
    }
    const page = pageOrThrow(
      await listReleases(this.db, {
        customerId: principal.customerId,
        releaseGroupId,
        name: query.name,
        $limit: query.$limit,
        $skip: query.$skip,
        $sort: query.$sort,
      }),
    );
    return { items: page.items.map(toRelease), total: page.total };
  }

  async get(principal: Principal, id: number): Promise<Release> {
    const release = await findRelease(this.db, principal.customerId, id);
    if (!release) throw new NotFound(messages.recordNotFound(id));
    return toRelease(release);
  }
}
