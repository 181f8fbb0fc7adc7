import type { BuildCreateRequest } from "@metabuild/contract";

/** A wildcard's yes/no filters of docs/reference/endpoints.md; absent ones do not filter. */
export type WildcardFlag = "checked_out" | "upload_disabled" | "insert_disabled" | "edit_disabled";
export const WILDCARD_FLAGS: Record<WildcardFlag, string> = {
  checked_out: "Checked out",
  upload_disabled: "Upload disabled",
  insert_disabled: "Insert disabled",
  edit_disabled: "Edit disabled",
};

/** What the start dialog collects: instances by id, or one wildcard per pattern and folder. */
export interface BuildForm {
  projectId: number;
  instanceIds: number[];
  pattern: string;
  /** Set: one wildcard entry per pattern (building a whole folder), instead of `pattern`. */
  allPatterns?: string[];
  folder: string;
  /** The wildcard takes the folder's subfolders too. */
  subfolders?: boolean;
  labels: string;
  description: string;
  /** "group=release" lines, e.g. "MAIN=1.0". */
  releases: string;
  flags?: Partial<Record<WildcardFlag, boolean>>;
  /** The wildcard takes deleted instances only, and the build restores them first. */
  deletedRestored?: boolean;
  /** Every entry grows through the lineage graph (docs/lineage.md "Builds"). */
  upstream?: boolean;
  downstream?: boolean;
}

/** Turns the dialog's fields into the body of the `/v1/builds` POST. */
export function buildRequest(form: BuildForm): BuildCreateRequest {
  const graph = {
    ...(form.upstream ? { upstream: true } : {}),
    ...(form.downstream ? { downstream: true } : {}),
  };
  const instances: NonNullable<BuildCreateRequest["instances"]> =
    form.instanceIds.length > 0
      ? form.instanceIds.map((id) => ({ id, ...graph }))
      : (form.allPatterns?.length ? form.allPatterns : [form.pattern]).map((pattern) => ({
          pattern,
          name: "*",
          ...(form.folder.trim() ? { folder: form.folder.trim() } : {}),
          ...(form.subfolders ? { subfolders: true } : {}),
          ...(form.labels.trim()
            ? {
                labels: form.labels
                  .split(",")
                  .map((l) => l.trim())
                  .filter(Boolean),
              }
            : {}),
          ...form.flags,
          ...(form.deletedRestored ? { deleted: true } : {}),
          ...graph,
        }));
  const releases: Record<string, string> = {};
  for (const line of form.releases.split(/[\n,]/)) {
    const [group, release] = line.split("=").map((s) => s.trim());
    if (group && release) releases[group] = release;
  }
  return {
    project_id: form.projectId,
    instances,
    ...(Object.keys(releases).length > 0 ? { releases } : {}),
    ...(form.description.trim() ? { description: form.description.trim() } : {}),
    ...(form.deletedRestored && form.instanceIds.length === 0 ? { restore: true } : {}),
  };
}

/** Instance ids carried in the URL (`?instances=1,2,3`) from the instances page's selection. */
export function readInstanceIds(value: string | null): number[] {
  if (!value) return [];
  return value
    .split(",")
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
}
