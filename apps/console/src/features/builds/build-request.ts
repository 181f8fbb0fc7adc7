import type { BuildCreateRequest } from "@metabuild/contract";

/** What the start dialog collects: instances by id, or one wildcard per pattern and folder. */
export interface BuildForm {
  projectId: number;
  instanceIds: number[];
  pattern: string;
  folder: string;
  labels: string;
  description: string;
  /** "group=release" lines, e.g. "MAIN=1.0". */
  releases: string;
}

/** Turns the dialog's fields into the POST /api/v1/builds body. */
export function buildRequest(form: BuildForm): BuildCreateRequest {
  const instances: NonNullable<BuildCreateRequest["instances"]> =
    form.instanceIds.length > 0
      ? form.instanceIds.map((id) => ({ id }))
      : [
          {
            pattern: form.pattern,
            name: "*",
            ...(form.folder.trim() ? { folder: form.folder.trim() } : {}),
            ...(form.labels.trim()
              ? {
                  labels: form.labels
                    .split(",")
                    .map((l) => l.trim())
                    .filter(Boolean),
                }
              : {}),
          },
        ];
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
