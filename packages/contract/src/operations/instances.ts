import {
  IdParam,
  InstanceDetail,
  InstanceListItem,
  InstanceQuery,
  UploadForm,
  UploadResult,
} from "../index.ts";
import { z } from "zod";
import { defineOperation } from "./operation.ts";

export const listInstances = defineOperation({
  method: "get",
  path: "/api/v1/instances",
  summary: "Instances of a project, filtered",
  description:
    "Exactly one of `project` and `project_id` is required. Without `deleted` only non-deleted instances are listed; `folder` matches one folder, with `subfolders=true` that folder and every folder below it; `name` is exact, or a glob when it holds `*` (`*` any run of characters, everything else literal, case-sensitive); `releases` maps release group names to release names (`releases[core]=R1` or a JSON text); `labels` (`labels[]=a&labels[]=b`, `labels[0]=a` or repeated) matches instances carrying at least one of them.",
  tags: ["instances"],
  query: InstanceQuery,
  response: z.array(InstanceListItem),
});

export const getInstance = defineOperation({
  method: "get",
  path: "/api/v1/instances/:id",
  summary: "One instance with its metadata rows",
  description:
    "`header` is `@POS_NO`, then the pattern's properties, then its functional roles; each `field_details` row is keyed by exactly those names. " +
    "With `Accept: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet` the answer is instead an .xlsx workbook of the instance (a sheet named after the pattern: INSTANCE, PATTERN, PROJECT, FOLDER, POS_NO, then properties and roles; one line per row), which POST /api/v1/instances reads back.",
  tags: ["instances"],
  params: IdParam,
  response: InstanceDetail,
});

export const createInstances = defineOperation({
  method: "post",
  path: "/api/v1/instances",
  errors: [413],
  summary: "Upload instances from an .xlsx workbook",
  description:
    "Needs `write_instances`. Columns per sheet: INSTANCE (rows without it are skipped), PATTERN " +
    "(unless the `pattern` field is given), PROJECT (ignored: the `project` field decides), FOLDER " +
    "(default `/`, overridden by `folder`), POS_NO (integer; 0 when missing or non-numeric), then " +
    "property and role columns of the pattern (others are ignored). Rows are grouped by pattern; " +
    "each pattern is imported in its own transaction and a failing one is named in `errors` " +
    "without undoing the others. Statuses: INSERTED, UPDATED (`overwrite`; `reason: unchanged` " +
    "when nothing differed), SKIPPED (`reason`: exists without overwrite, upload disabled, " +
    "checked out by another user). 413 past the upload size, unpacked-size or stored-characters " +
    "limit; 400 for a file that is not a readable .xlsx, or a name, folder or value over its " +
    "length limit. `dry_run=true` answers the same result without storing anything (200; `id` " +
    "is null for an instance it would insert).",
  tags: ["instances"],
  body: UploadForm,
  bodyType: "multipart/form-data",
  response: UploadResult,
  status: 201,
});
