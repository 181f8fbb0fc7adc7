import { z } from "zod";
import { Paging, ProjectRef, queryInt, releaseMap } from "./common.ts";

import { BUILD_STATUSES } from "./build-statuses.ts";

export { BUILD_STATUSES };
export const BuildStatus = z.enum(BUILD_STATUSES);
export type BuildStatus = z.infer<typeof BuildStatus>;

/** A download as embedded in a build (create answer and get-by-id). */
export const BuildDownload = z
  .object({
    id: z.number().int(),
    pattern: z.string(),
    pattern_id: z.number().int(),
    file_id: z.number().int().nullable(),
    name: z.string(),
  })
  .meta({ id: "BuildDownload" });
export type BuildDownload = z.infer<typeof BuildDownload>;

/** Flag-like fields are integers on the wire (docs/reference/endpoints.md), not booleans. */
export const Build = z
  .object({
    id: z.number().int(),
    customer_id: z.number().int(),
    user_id: z.number().int(),
    project_id: z.number().int(),
    progress: z.number().int().min(0).max(100),
    status: BuildStatus,
    message: z.string(),
    build_start: z.string().nullable(),
    build_end: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
    history_commited: z.number().int(),
    version: z.number().int(),
    active: z.number().int(),
    mts: z.number().int(),
    name: z.string().nullable(),
    deliveries_calculated: z.number().int(),
    description: z.string().meta({ description: "Empty when none was given" }),
    commit_ind: z.number().int(),
    deleted: z.number().int(),
    instances: z.number().int(),
    patterns: z.array(z.number().int()),
    releases: z.array(z.number().int()),
    downloads: z.array(BuildDownload),
  })
  .meta({ id: "Build" });
export type Build = z.infer<typeof Build>;

export const Download = z
  .object({
    id: z.number().int(),
    customer_id: z.number().int(),
    pattern_id: z.number().int(),
    name: z.string(),
    file_name: z.string(),
    type: z.string(),
    build_id: z.number().int(),
    project_id: z.number().int(),
    version: z.number().int(),
    upload_id: z
      .number()
      .int()
      .meta({ description: "The upload build deployments name: the archive itself" }),
    file_id: z.number().int().nullable(),
    downloaded: z.number().int(),
    instance_id: z.number().int().nullable(),
  })
  .meta({ id: "Download" });
export type Download = z.infer<typeof Download>;

/**
 * One entry of `instances` in a build request: by id, by (pattern, folder,
 * name), or a wildcard (a `name` holding `*`: `"*"` all, `"*ORD*"` a glob)
 * with optional search filters.
 */
export const BuildInstanceEntry = z
  .object({
    id: z.number().int().optional(),
    pattern: z.string().optional(),
    folder: z.string().optional(),
    name: z.string().optional(),
    subfolders: z.boolean().optional().meta({
      description: "Wildcard entries only: the folder and every folder below it",
    }),
    checked_out: z.boolean().optional(),
    checked_out_by_user_id: z.number().int().optional(),
    checked_out_by_user: z.string().optional(),
    deleted: z.boolean().optional(),
    labels: z.array(z.string()).optional(),
    upload_disabled: z.boolean().optional(),
    insert_disabled: z.boolean().optional(),
    edit_disabled: z.boolean().optional(),
    // docs/reference/endpoints.md's wildcard rules 3 and 4 are not overridable: accepted, ignored, warned about.
    invalid: z
      .boolean()
      .optional()
      .meta({ description: "Ignored (with a warning): invalid instances are never built" }),
    build_disabled: z.boolean().optional().meta({
      description: "Ignored (with a warning): build-disabled instances are always skipped",
    }),
    upstream: z.boolean().optional().meta({
      description:
        "Also build every instance the entry's instances reference, transitively (docs/lineage.md)",
    }),
    downstream: z.boolean().optional().meta({
      description:
        "Also build every instance referencing the entry's instances, transitively (docs/lineage.md)",
    }),
  })
  .strict()
  .meta({ id: "BuildInstanceEntry" });
export type BuildInstanceEntry = z.infer<typeof BuildInstanceEntry>;

/** Longest build description accepted (characters). */
export const BUILD_DESCRIPTION_MAX = 4000;

export const BuildCreateRequest = ProjectRef.extend({
  // Optional here so that a missing list answers docs/reference/endpoints.md's own message.
  instances: z.array(BuildInstanceEntry).optional(),
  releases: releaseMap.optional(),
  description: z
    .string()
    .max(BUILD_DESCRIPTION_MAX, { error: `must be at most ${BUILD_DESCRIPTION_MAX} characters` })
    .optional(),
  wait: z.boolean().optional(),
  restore: z.boolean().optional(),
})
  .strict()
  .meta({ id: "BuildCreateRequest" });
export type BuildCreateRequest = z.infer<typeof BuildCreateRequest>;

/** `build` is `{ id, status, progress }` when asynchronous, the full Build after `wait`. */
export const BuildCreateResponse = z
  .object({
    build: z.union([
      Build,
      z.object({ id: z.number().int(), status: BuildStatus, progress: z.number().int() }),
    ]),
    warnings: z.array(z.string()),
  })
  .meta({ id: "BuildCreateResponse" });
export type BuildCreateResponse = z.infer<typeof BuildCreateResponse>;

export const BuildQuery = Paging.extend({
  project: z.string().optional(),
  project_id: queryInt.optional(),
  user: z.string().optional(),
  user_id: queryInt.optional(),
  pattern: z.string().optional(),
  pattern_id: queryInt.optional(),
  releases: releaseMap.optional(),
  /** Console filters beyond the seed API (docs/builds.md): the status, and when it was started. */
  status: BuildStatus.optional(),
  created_from: z.iso.date().optional().meta({ description: "First day, inclusive (YYYY-MM-DD)" }),
  created_to: z.iso.date().optional().meta({ description: "Last day, inclusive (YYYY-MM-DD)" }),
});
export type BuildQuery = z.infer<typeof BuildQuery>;

export const DownloadQuery = Paging.extend({
  build_id: queryInt.optional(),
  pattern: z.string().optional(),
  pattern_id: queryInt.optional(),
});
export type DownloadQuery = z.infer<typeof DownloadQuery>;

/** One file inside a build's archives (console archive browser). */
export const BuildFile = z
  .object({
    download_id: z.number().int(),
    pattern: z.string(),
    pattern_id: z.number().int(),
    path: z.string(),
    size: z.number().int(),
    sha256: z.string(),
    instance_id: z.number().int().nullable(),
  })
  .meta({ id: "BuildFile" });
export type BuildFile = z.infer<typeof BuildFile>;

export const BuildFileQuery = z.object({ pattern: z.string(), path: z.string() });
export type BuildFileQuery = z.infer<typeof BuildFileQuery>;

export const BuildDiffQuery = z.object({ against: queryInt });
export type BuildDiffQuery = z.infer<typeof BuildDiffQuery>;

const DiffFile = z.object({ pattern: z.string(), path: z.string() });

/** Files added, removed and changed from build `against` to build `build_id`. */
export const BuildDiff = z
  .object({
    build_id: z.number().int(),
    against: z.number().int(),
    added: z.array(DiffFile),
    removed: z.array(DiffFile),
    changed: z.array(
      DiffFile.extend({
        /** Unified diff of the two texts (old = `against`); null when too large or binary. */
        diff: z.string().nullable(),
      }),
    ),
    unchanged: z.number().int(),
  })
  .meta({ id: "BuildDiff" });
export type BuildDiff = z.infer<typeof BuildDiff>;

/** What the console's event stream says about a build. */
export const BuildEventData = z
  .object({
    id: z.number().int(),
    project_id: z.number().int(),
    status: BuildStatus,
    progress: z.number().int(),
    message: z.string(),
    instances: z.number().int(),
    build_start: z.string().nullable(),
    build_end: z.string().nullable(),
  })
  .meta({ id: "BuildEventData" });
export type BuildEventData = z.infer<typeof BuildEventData>;

export const EventStreamQuery = z.object({
  /** Builds whose current state is sent first even when they are no longer running. */
  build_id: z
    .union([queryInt, z.array(queryInt)])
    .transform((v) => (Array.isArray(v) ? v : [v]))
    .optional(),
});
export type EventStreamQuery = z.infer<typeof EventStreamQuery>;

/** Why a build left out an instance its request named (docs/builds.md). */
export const LeftOutReason = z.enum(["invalid", "build_disabled", "release", "deleted"]);
export type LeftOutReason = z.infer<typeof LeftOutReason>;

const SelectedInstance = z.object({
  id: z.number().int(),
  pattern: z.string(),
  folder: z.string(),
  name: z.string(),
});

/**
 * GET /api/console/builds/:id/selection: what a build rendered, what its
 * request named but left out and why, and its release map (for a re-run).
 */
export const BuildSelection = z
  .object({
    instances: z.array(SelectedInstance.extend({ version: z.number().int().nullable() })),
    left_out: z.array(SelectedInstance.extend({ reason: LeftOutReason })),
    releases: z.record(z.string(), z.string()),
  })
  .meta({ id: "BuildSelection" });
export type BuildSelection = z.infer<typeof BuildSelection>;
