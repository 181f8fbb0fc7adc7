import type { Build, BuildEventData, BuildStatus, Download } from "@metabuild/contract";
import type { BuildRow, DownloadRow } from "@metabuild/db";

/** JSON integer arrays as stored; anything else reads as empty. */
function ids(text: string): number[] {
  try {
    const v: unknown = JSON.parse(text);
    return Array.isArray(v) ? v.filter((n): n is number => Number.isInteger(n)) : [];
  } catch {
    return [];
  }
}

export function storedWarnings(row: BuildRow): string[] {
  try {
    const v: unknown = JSON.parse(row.warnings);
    return Array.isArray(v) ? v.map(String) : [];
  } catch {
    return [];
  }
}

export function toBuild(row: BuildRow, downloads: (DownloadRow & { pattern: string })[]): Build {
  return {
    id: row.id,
    customer_id: row.customerId,
    user_id: row.userId,
    project_id: row.projectId,
    progress: row.progress,
    status: row.status as BuildStatus,
    message: row.message,
    build_start: row.buildStart,
    build_end: row.buildEnd,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
    history_commited: row.historyCommited,
    version: row.version,
    active: row.active,
    mts: row.mts,
    name: row.name,
    deliveries_calculated: row.deliveriesCalculated,
    // docs/reference/endpoints.md types it as a string (unlike name, "may be null"): empty when none was given.
    description: row.description ?? "",
    commit_ind: row.commitInd,
    deleted: row.deleted,
    instances: row.instances,
    patterns: ids(row.patterns),
    releases: ids(row.releases),
    downloads: downloads.map((d) => ({
      id: d.id,
      pattern: d.pattern,
      pattern_id: d.patternId,
      file_id: d.fileId,
      name: d.name,
    })),
  };
}

export function toDownload(row: DownloadRow): Download {
  return {
    id: row.id,
    customer_id: row.customerId,
    pattern_id: row.patternId,
    name: row.name,
    file_name: row.fileName,
    type: row.type,
    build_id: row.buildId,
    project_id: row.projectId,
    version: row.version,
    // An integer per docs/reference/endpoints.md: a build's archive is itself the upload that build deployments name.
    upload_id: row.uploadId ?? row.id,
    file_id: row.fileId,
    downloaded: row.downloaded,
    instance_id: row.instanceId,
  };
}

export function toBuildEventData(row: BuildRow): BuildEventData {
  return {
    id: row.id,
    project_id: row.projectId,
    status: row.status as BuildStatus,
    progress: row.progress,
    message: row.message,
    instances: row.instances,
    build_start: row.buildStart,
    build_end: row.buildEnd,
  };
}
