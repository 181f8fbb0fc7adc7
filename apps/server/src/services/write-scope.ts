import { BadRequest, messages } from "@metabuild/core";
import {
  type Db,
  type FunctionalRoleRow,
  type InstancePropertyRow,
  type PatternRow,
  ensureFolder,
  findFolderIdByPath,
  findPatternById,
  findProjectCustomerId,
  findReleaseGroupName,
  findReleaseIdInGroup,
  loadPatternColumns,
} from "@metabuild/db";

/** A pattern as the writer needs it: the record, its live columns and their names in header order. */
export interface PatternShape {
  pattern: PatternRow;
  properties: InstancePropertyRow[];
  roles: FunctionalRoleRow[];
  columns: string[];
}

/**
 * What stays fixed while one transaction writes many instances (an upload of
 * thousands): projects' customers, patterns with their columns, folder ids
 * and release ids are looked up once instead of once per instance. Lives for
 * one transaction only, so nothing it remembers can go stale: the writes in
 * it are the only changes, and folders it creates are remembered as made.
 */
export class WriteScope {
  private readonly customers = new Map<number, number | undefined>();
  private readonly patterns = new Map<string, PatternShape | undefined>();
  private readonly folders = new Map<string, number>();
  private readonly releases = new Map<string, number>();

  constructor(private readonly db: Db) {}

  async customerOf(projectId: number): Promise<number | undefined> {
    if (!this.customers.has(projectId))
      this.customers.set(projectId, await findProjectCustomerId(this.db, projectId));
    return this.customers.get(projectId);
  }

  /** The customer's pattern with its live properties and roles, undefined when it has none by that id. */
  async pattern(customerId: number, patternId: number): Promise<PatternShape | undefined> {
    const key = `${customerId}:${patternId}`;
    if (!this.patterns.has(key)) {
      const pattern = await findPatternById(this.db, customerId, patternId);
      let shape: PatternShape | undefined;
      if (pattern) {
        const { properties, roles } = await loadPatternColumns(this.db, pattern.id);
        const columns = [...properties.map((p) => p.name), ...roles.map((r) => r.name)];
        shape = { pattern, properties, roles, columns };
      }
      this.patterns.set(key, shape);
    }
    return this.patterns.get(key);
  }

  /** The id of an existing folder by its normalised path. */
  async folderId(projectId: number, path: string): Promise<number | undefined> {
    const key = `${projectId}:${path}`;
    let id = this.folders.get(key);
    if (id === undefined) {
      id = await findFolderIdByPath(this.db, projectId, path);
      if (id !== undefined) this.folders.set(key, id);
    }
    return id;
  }

  /** The folder at `path` (`segments` its parts), created with its parents when missing. */
  async ensureFolder(
    projectId: number,
    path: string,
    segments: readonly string[],
  ): Promise<number> {
    const key = `${projectId}:${path}`;
    let id = this.folders.get(key);
    if (id === undefined) {
      id = await ensureFolder(this.db, projectId, segments);
      this.folders.set(key, id);
    }
    return id;
  }

  /**
   * A release of the pattern's release group by name; null and undefined
   * pass through (clear, keep). 400 when the group lacks it.
   */
  async releaseId(
    pattern: PatternRow,
    release: string | null | undefined,
  ): Promise<number | null | undefined> {
    if (release === undefined || release === null) return release;
    const groupId = pattern.releaseGroupId;
    if (groupId === null)
      throw new BadRequest(
        `Pattern '${pattern.name}' has no release group, so release '${release}' cannot be set`,
      );
    const key = `${groupId}:${release}`;
    let id = this.releases.get(key);
    if (id === undefined) {
      id = await findReleaseIdInGroup(this.db, groupId, release);
      if (id === undefined)
        throw new BadRequest(
          messages.releaseMissing(
            release,
            (await findReleaseGroupName(this.db, groupId)) ?? String(groupId),
          ),
        );
      this.releases.set(key, id);
    }
    return id;
  }
}
