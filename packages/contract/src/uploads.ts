import { z } from "zod";
import { queryBoolean, queryInt } from "./common.ts";

/**
 * The text fields of POST /api/v1/instances (multipart/form-data). Values
 * arrive as text; `sheets[]` may be repeated. Unknown fields are refused so
 * a misspelt `overwrite` cannot silently do nothing.
 */
export const UploadFields = z.strictObject({
  project: z.string().optional(),
  project_id: queryInt.optional(),
  pattern: z.string().optional().meta({ description: "Applies to all rows; overrides PATTERN" }),
  folder: z.string().optional().meta({ description: "Folder path for all rows; overrides FOLDER" }),
  release: z.string().optional().meta({ description: "Release assigned to every instance" }),
  overwrite: queryBoolean
    .optional()
    .meta({ description: "Overwrite existing instances (default false)" }),
  dry_run: queryBoolean.optional().meta({
    description:
      "Answer what the upload would do (statuses, errors) without storing anything (default false)",
  }),
  sheets: z
    .array(z.string())
    .optional()
    .meta({ description: "Sheet names to import (sent as `sheets[]`); default all" }),
});
export type UploadFields = z.infer<typeof UploadFields>;

/** The whole form, for the API documentation. */
export const UploadForm = UploadFields.extend({
  file: z.string().meta({ format: "binary", description: "The .xlsx workbook" }),
}).meta({ id: "InstanceUploadForm" });

/**
 * Per-instance outcome. `UPDATED` also when `overwrite` found the instance
 * already equal to the file (then `reason` is `unchanged` and no new version
 * is made); `SKIPPED` carries why (exists without overwrite, upload
 * disabled, checked out by another user).
 */
export const UploadStatus = z.enum(["INSERTED", "UPDATED", "SKIPPED"]);
export type UploadStatus = z.infer<typeof UploadStatus>;

export const UploadedInstance = z
  .object({
    /** Null only in a dry run, for an instance the upload would insert (it has no id yet). */
    id: z.number().int().nullable(),
    name: z.string(),
    folder: z.string(),
    pattern: z.string(),
    release: z.string().nullable(),
    status: UploadStatus,
    reason: z.string().optional(),
  })
  .meta({ id: "UploadedInstance" });
export type UploadedInstance = z.infer<typeof UploadedInstance>;

export const UploadResult = z
  .object({
    instances: z.array(UploadedInstance),
    /** Present only when a pattern failed; one message per failed pattern. */
    errors: z.array(z.string()).optional(),
  })
  .meta({ id: "InstanceUploadResult" });
export type UploadResult = z.infer<typeof UploadResult>;

/** The media type of exported workbooks (and of the `Accept` that asks for one). */
export const XLSX_MEDIA_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
