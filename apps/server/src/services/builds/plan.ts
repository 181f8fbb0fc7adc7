import type { BuildCreateRequest, BuildInstanceEntry, InstanceListItem } from "@metabuild/contract";
import { BadRequest, NotFound, messages } from "@metabuild/core";
import {
  type Db,
  type ProjectRow,
  findInstanceWithNames,
  findReleaseGroupByName,
  isNameGlob,
  listReleases,
} from "@metabuild/db";
import { instancePath } from "../instances/writer.ts";
import { BuildLineage, type LineageExpansion } from "../lineage/build-lineage.ts";
import type { InstanceService } from "../instances/service.ts";
import { pageOrThrow } from "../paging.ts";

/** An instance a build request names, with what decides whether it is built. */
export interface Candidate {
  id: number;
  projectId: number;
  patternId: number;
  pattern: string;
  folder: string;
  name: string;
  version: number;
  errors: number;
  buildDisabled: boolean;
  deleted: boolean;
}

/** Why an instance the request named is not built (docs/builds.md). */
export type LeftOutReason = "invalid" | "build_disabled" | "release" | "deleted";

export interface LeftOut {
  id: number;
  pattern: string;
  folder: string;
  name: string;
  reason: LeftOutReason;
}

export interface BuildPlan {
  /** The instances to build, each once, in request order. */
  members: Candidate[];
  /** The instances the request named that are not built, each once, with why. */
  leftOut: LeftOut[];
  /** Deleted members to restore before building (`restore: true`). */
  toRestore: Candidate[];
  releaseIds: number[];
  warnings: string[];
}

/** The filter fields a wildcard entry forwards to the instance search. */
const SEARCH_FILTERS = [
  "subfolders",
  "checked_out",
  "checked_out_by_user_id",
  "checked_out_by_user",
  "deleted",
  "labels",
  "upload_disabled",
  "insert_disabled",
  "edit_disabled",
] as const;

/**
 * A `releases` map resolved to release ids; each group or release that does
 * not exist gives a warning (docs/reference/rules.md §5).
 */
export async function resolveReleaseMap(
  db: Db,
  customerId: number,
  map: Record<string, string> | undefined,
): Promise<{ ids: number[]; warnings: string[] }> {
  const ids: number[] = [];
  const warnings: string[] = [];
  for (const [group, release] of Object.entries(map ?? {})) {
    const g = await findReleaseGroupByName(db, customerId, group);
    const found = g
      ? pageOrThrow(await listReleases(db, { customerId, releaseGroupId: g.id, name: release }))
          .items[0]
      : undefined;
    if (found) ids.push(found.id);
    else warnings.push(messages.releaseMissing(release, group));
  }
  return { ids, warnings };
}

function fromListItem(item: InstanceListItem, pattern: string): Candidate {
  return {
    id: item.id,
    projectId: item.project_id,
    patternId: item.pattern_id,
    pattern,
    folder: item.folder,
    name: item.name,
    version: item.version,
    errors: item.errors,
    buildDisabled: item.build_disabled,
    deleted: item.deleted,
  };
}

function describe(c: Candidate): string {
  return `Instance '${instancePath(c.folder, c.name)}' of pattern '${c.pattern}'`;
}

/**
 * Turns a build request's `instances` into the instances to build: by id,
 * by (pattern, folder, name), and wildcards expanded through the instance
 * search behind GET /api/v1/instances (docs/reference/endpoints.md "Wildcard expansion").
 */
/** Warnings for an entry that tries to override wildcard rules 3 or 4 of docs/reference/endpoints.md (ignored). */
function notOverridable(entry: BuildInstanceEntry, i: number): string[] {
  const out: string[] = [];
  if (entry.invalid !== undefined)
    out.push(`Instances entry ${i + 1}: 'invalid' is ignored; invalid instances are never built`);
  if (entry.build_disabled !== undefined)
    out.push(
      `Instances entry ${i + 1}: 'build_disabled' is ignored; build-disabled instances are always skipped`,
    );
  return out;
}

export class BuildPlanner {
  private readonly lineage: BuildLineage;

  constructor(
    private readonly db: Db,
    private readonly instances: InstanceService,
  ) {
    this.lineage = new BuildLineage(db);
  }

  async plan(project: ProjectRow, req: BuildCreateRequest): Promise<BuildPlan> {
    const releases = await resolveReleaseMap(this.db, project.customerId, req.releases);
    const warnings = [...releases.warnings];
    const restore = req.restore === true;
    const seen = new Set<number>();
    const members: Candidate[] = [];
    const leftOut = new Map<number, LeftOut>();
    const leave = (c: Candidate, reason: LeftOutReason) => {
      if (!leftOut.has(c.id))
        leftOut.set(c.id, { id: c.id, pattern: c.pattern, folder: c.folder, name: c.name, reason });
    };
    const toRestore: Candidate[] = [];
    const take = (c: Candidate) => {
      if (seen.has(c.id)) return;
      seen.add(c.id);
      members.push(c);
      if (c.deleted) toRestore.push(c);
    };
    // Explicit entries: invalid or build-disabled ones are skipped with a warning.
    const takeExplicit = (c: Candidate) => {
      if (seen.has(c.id)) return;
      if (c.errors > 0) {
        warnings.push(
          `${describe(c)} is invalid (${c.errors} validation error(s)) and was skipped`,
        );
        leave(c, "invalid");
      } else if (c.buildDisabled) {
        warnings.push(`${describe(c)} is build-disabled and was skipped`);
        leave(c, "build_disabled");
      } else take(c);
    };
    // Entries with `upstream`/`downstream` grow through the lineage graph once all are read.
    const expansions: LineageExpansion[] = [];
    const grow = (entry: BuildInstanceEntry, matched: readonly Candidate[]) => {
      if (entry.upstream === true || entry.downstream === true)
        expansions.push({
          seeds: matched.filter((c) => seen.has(c.id)).map((c) => c.id),
          upstream: entry.upstream === true,
          downstream: entry.downstream === true,
        });
    };
    for (const [i, entry] of (req.instances ?? []).entries()) {
      const at = `instances.${i}`;
      warnings.push(...notOverridable(entry, i));
      if (entry.id !== undefined) {
        if (entry.pattern !== undefined || entry.folder !== undefined || entry.name !== undefined)
          throw new BadRequest(
            `Invalid value for '${at}': give either 'id' or 'pattern', 'folder' and 'name'`,
          );
        this.rejectFilters(entry, at, "entries by id");
        const c = await this.byId(project, entry.id, restore);
        takeExplicit(c);
        grow(entry, [c]);
        continue;
      }
      for (const field of ["pattern", "folder", "name"] as const)
        if (entry[field] === undefined || entry[field] === "")
          throw new BadRequest(messages.fieldRequired(`${at}.${field}`));
      const ref = entry as Required<Pick<BuildInstanceEntry, "pattern" | "folder" | "name">>;
      if (!isNameGlob(ref.name)) {
        this.rejectFilters(entry, at, "entries by name");
        const c = await this.byName(project, ref, restore);
        takeExplicit(c);
        grow(entry, [c]);
        continue;
      }
      const found = await this.wildcard(project, entry, req.releases);
      const where = `Wildcard entry ${i + 1} (pattern '${ref.pattern}', folder '${ref.folder}')`;
      if (found.length === 0) warnings.push(`${where} matched no instances`);
      else if (entry.deleted === true && !restore)
        warnings.push(
          `${where} matched ${found.length} deleted instance(s); they are built only with 'restore': true`,
        );
      else for (const c of found) take(c);
      grow(entry, found);
      for (const { candidate, reason } of await this.leftOutOf(project, entry, found))
        leave(candidate, reason);
    }
    const graph = await this.lineage.expand(project.id, expansions, seen);
    for (const c of graph.add) take(c);
    for (const l of graph.leftOut) if (!leftOut.has(l.id)) leftOut.set(l.id, l);
    warnings.push(...graph.warnings);
    const namedByGraph = new Set(graph.leftOut.map((l) => l.id));
    warnings.push(...(await this.lineage.referenceWarnings(project.id, members, namedByGraph)));
    for (const id of seen) leftOut.delete(id);
    return {
      members,
      leftOut: [...leftOut.values()],
      toRestore,
      releaseIds: releases.ids,
      warnings,
    };
  }

  private rejectFilters(entry: BuildInstanceEntry, at: string, kind: string): void {
    const given = SEARCH_FILTERS.filter((f) => entry[f] !== undefined);
    if (given.length > 0)
      throw new BadRequest(
        `Invalid value for '${at}': '${given[0]}' filters wildcard entries (a name with '*') only, not ${kind}`,
      );
  }

  private async byId(project: ProjectRow, id: number, restore: boolean): Promise<Candidate> {
    const found = await findInstanceWithNames(this.db, project.customerId, id);
    // Another project's instance is as unknown here as a missing one.
    if (!found || found.instance.projectId !== project.id)
      throw new NotFound(messages.instanceNotFound);
    const i = found.instance;
    if (i.deleted === 1 && !restore) throw new NotFound(messages.instanceNotFound);
    return {
      id: i.id,
      projectId: i.projectId,
      patternId: i.patternId,
      pattern: found.patternName,
      folder: found.folder,
      name: i.name,
      version: i.version,
      errors: i.errors,
      buildDisabled: i.buildDisabled === 1,
      deleted: i.deleted === 1,
    };
  }

  private async byName(
    project: ProjectRow,
    ref: { pattern: string; folder: string; name: string },
    restore: boolean,
  ): Promise<Candidate> {
    const search = async (deleted: boolean) =>
      (await this.instances.search(project, { ...ref, deleted })).items.map((item) =>
        fromListItem(item, ref.pattern),
      );
    const found = (await search(false))[0] ?? (restore ? (await search(true))[0] : undefined);
    if (!found) throw new NotFound(messages.instanceNotFound);
    return found;
  }

  /**
   * The wildcard rules of docs/builds.md: the project, the top-level releases, never invalid or
   * build-disabled; plus issue 14's `subfolders` and name globs (docs/builds.md).
   */
  private async wildcard(
    project: ProjectRow,
    entry: BuildInstanceEntry,
    releases: Record<string, string> | undefined,
  ): Promise<Candidate[]> {
    const page = await this.instances.search(project, {
      ...wildcardFilters(entry),
      releases,
      invalid: false,
      build_disabled: false,
    });
    return page.items.map((item) => fromListItem(item, entry.pattern as string));
  }

  /**
   * What a wildcard entry matches without the rules that leave instances out
   * (invalid, build-disabled, the top-level releases), minus what it built:
   * each with the rule that left it out, for the build page.
   */
  private async leftOutOf(
    project: ProjectRow,
    entry: BuildInstanceEntry,
    built: readonly Candidate[],
  ): Promise<{ candidate: Candidate; reason: LeftOutReason }[]> {
    const taken = new Set(built.map((c) => c.id));
    return (await this.instances.search(project, wildcardFilters(entry))).items
      .filter((item) => !taken.has(item.id))
      .map((item) => {
        const candidate = fromListItem(item, entry.pattern as string);
        const reason: LeftOutReason =
          candidate.errors > 0 ? "invalid" : candidate.buildDisabled ? "build_disabled" : "release";
        return { candidate, reason };
      });
  }
}

/** The search filters a wildcard entry forwards (docs/builds.md). */
function wildcardFilters(entry: BuildInstanceEntry) {
  return {
    pattern: entry.pattern,
    folder: entry.folder,
    subfolders: entry.subfolders,
    // `*` alone matches every name: no name condition at all.
    name: entry.name === "*" ? undefined : entry.name,
    checked_out: entry.checked_out,
    checked_out_by_user_id: entry.checked_out_by_user_id,
    checked_out_by_user: entry.checked_out_by_user,
    deleted: entry.deleted,
    labels: entry.labels,
    upload_disabled: entry.upload_disabled,
    insert_disabled: entry.insert_disabled,
    edit_disabled: entry.edit_disabled,
  };
}
