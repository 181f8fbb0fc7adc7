import type {
  InstanceDetail,
  InstanceFilter,
  InstanceListItem,
  InstanceQuery,
  Paging,
} from "@metabuild/contract";
import {
  type HeaderRow,
  NotFound,
  type Principal,
  headerOfOrdered,
  instanceHeader,
  messages,
  normalizeFolderPath,
  rowsByHeader,
} from "@metabuild/core";
import {
  type Db,
  type InstanceDetailAccess,
  type InstanceListRow,
  type InstanceSearch,
  type ProjectRow,
  type TokenHolder,
  type TokenPresenter,
  findInstanceDetailAccess,
  findInstanceDetailForToken,
  findPatternByName,
  headerColumnsOf,
  instanceRowsOf,
  searchInstances,
  searchInstancesJson,
} from "@metabuild/db";
import type { Clock } from "../../infra/clock.ts";
import type { AccessService } from "../access.ts";
import { pageOrThrow } from "../paging.ts";

export function toInstanceListItem(row: InstanceListRow): InstanceListItem {
  return {
    id: row.id,
    customer_id: row.customerId,
    name: row.name,
    project_id: row.projectId,
    pattern_id: row.patternId,
    errors: row.errors,
    instance_folder_id: row.instanceFolderId,
    version: row.version,
    description: row.description,
    release_id: row.releaseId,
    identity_id: row.identityId,
    user_id: row.userId,
    latest_commit_id: row.latestCommitId,
    labels: row.labels,
    checked_out: row.checkedOut,
    deleted: row.deleted === 1,
    upload_disabled: row.uploadDisabled === 1,
    insert_disabled: row.insertDisabled === 1,
    build_disabled: row.buildDisabled === 1,
    edit_disabled: row.editDisabled === 1,
    invalid: row.errors > 0,
    folder: row.folder,
  };
}

/** An instance's metadata as people see it: the header and the rows keyed by it. */
export interface InstanceContent {
  header: string[];
  rows: HeaderRow[];
}

export class InstanceService {
  constructor(
    private readonly db: Db,
    private readonly access: AccessService,
    private readonly clock: Clock,
    /** METABUILD_CHECKOUT_TTL in seconds. */
    private readonly checkoutTtlSeconds: number,
  ) {}

  /**
   * GET /api/v1/instances: the project (400/404/403 as docs/reference/endpoints.md says), then the
   * search; the page comes as the JSON text of the answer (a full list is
   * 100,000 items, built by the store rather than object by object), or on
   * PostgreSQL for a long list as chunks of that text to send as they come.
   */
  async list(
    principal: Principal,
    query: InstanceQuery,
  ): Promise<{ json: string | AsyncIterable<string>; total: number }> {
    const project = await this.access.resolveProject(principal, query);
    const search = await this.searchOf(project, query);
    return search
      ? pageOrThrow(await searchInstancesJson(this.db, search))
      : { json: "[]", total: 0 };
  }

  /**
   * The instance search inside one project, without a permission check (the
   * caller has made it): build wildcards and exports use it.
   * An unknown pattern name is 404 with docs/reference/endpoints.md's message.
   */
  async search(
    project: ProjectRow,
    filter: InstanceFilter & Paging & { ids?: number[] },
  ): Promise<{ items: InstanceListItem[]; total: number }> {
    const search = await this.searchOf(project, filter);
    if (!search) return { items: [], total: 0 };
    const page = pageOrThrow(await searchInstances(this.db, search));
    return { items: page.items.map(toInstanceListItem), total: page.total };
  }

  /** The store's search for a filter; undefined when nothing can match. */
  private async searchOf(
    project: ProjectRow,
    filter: InstanceFilter & Paging & { ids?: number[] },
  ): Promise<InstanceSearch | undefined> {
    let patternId = filter.pattern_id;
    if (filter.pattern !== undefined) {
      const pattern = await findPatternByName(this.db, project.customerId, filter.pattern);
      if (!pattern) throw new NotFound(messages.patternNotFound(filter.pattern));
      // Both given and naming different patterns: nothing can match.
      if (patternId !== undefined && patternId !== pattern.id) return undefined;
      patternId = pattern.id;
    }
    const cutoff = new Date(this.clock.now().getTime() - this.checkoutTtlSeconds * 1000);
    return {
      projectId: project.id,
      customerId: project.customerId,
      checkoutValidAfter: cutoff.toISOString(),
      patternId,
      folder: filter.folder === undefined ? undefined : normalizeFolderPath(filter.folder),
      subfolders: filter.subfolders,
      name: filter.name,
      releases: filter.releases,
      checkedOut: filter.checked_out,
      checkedOutByUserId: filter.checked_out_by_user_id,
      checkedOutByUser: filter.checked_out_by_user,
      deleted: filter.deleted,
      uploadDisabled: filter.upload_disabled,
      insertDisabled: filter.insert_disabled,
      buildDisabled: filter.build_disabled,
      editDisabled: filter.edit_disabled,
      invalid: filter.invalid,
      labels: filter.labels,
      ids: filter.ids,
      $limit: filter.$limit,
      $skip: filter.$skip,
      $sort: filter.$sort,
    };
  }

  /** GET /api/v1/instances/:id as JSON; another customer's id is 404 like a missing one. */
  async detail(principal: Principal, id: number): Promise<InstanceDetail> {
    // The row, its project and the caller's grants in one statement (findInstanceDetailAccess).
    const read = await findInstanceDetailAccess(this.db, principal.customerId, id, principal.id);
    return this.detailOf(principal, id, read);
  }

  /**
   * The detail's read for the holder of a token, with what the token check
   * reads, in one statement: for `AuthService.verifyAlong`.
   */
  detailReadFor(
    presenter: TokenPresenter,
    id: number,
  ): Promise<{ holder: TokenHolder; value: InstanceDetailAccess } | undefined> {
    return findInstanceDetailForToken(this.db, presenter, id);
  }

  /** `detail` from its read (undefined: no such instance of the caller's customer). */
  async detailOf(
    principal: Principal,
    id: number,
    read: InstanceDetailAccess | undefined,
  ): Promise<InstanceDetail> {
    if (!read) throw new NotFound(messages.recordNotFound(id));
    await this.access.check(principal, read.project, "access", read.permissions);
    const found = read.detail;
    // The statement read the names in `pos_no` order already: no sorting them again.
    const header = headerOfOrdered(found.properties, found.roles);
    return {
      instance_id: found.id,
      instance_name: found.name,
      project_name: found.projectName,
      pattern_name: found.patternName,
      folder: found.folder,
      header,
      field_details: rowsByHeader(header, found.rows),
    };
  }

  /**
   * One instance's rows in `@POS_NO` order keyed by its pattern's header
   * (docs/reference/rules.md §4); for the detail form, exports and rendering.
   */
  async content(instance: { id: number; patternId: number }): Promise<InstanceContent> {
    const { properties, roles } = await headerColumnsOf(this.db, instance.patternId);
    const header = instanceHeader(properties, roles);
    return { header, rows: rowsByHeader(header, await instanceRowsOf(this.db, instance.id)) };
  }
}
