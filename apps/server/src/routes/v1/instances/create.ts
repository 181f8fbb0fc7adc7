import { UploadFields, UploadForm, UploadResult } from "@metabuild/contract";
import { BadRequest } from "@metabuild/core";
import type { Context } from "hono";
import type { AppEnv } from "../../../app-env.ts";
import { validate } from "../../../http/input.ts";
import { defineOperation } from "../../../http/operation.ts";
import { receiveUpload } from "../../../services/spreadsheets/multipart-upload.ts";

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

/**
 * Form fields as the contract reads them: `sheets[]`, `sheets[0]` and
 * `sheets` all fill `sheets`; every other field may come once; an empty
 * value counts as not given (HTML forms send empty inputs).
 */
function formFields(fields: Map<string, string[]>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [raw, values] of fields) {
    const name = raw.replace(/\[\d*\]$/, "");
    const given = values.filter((v) => v !== "");
    if (given.length === 0) continue;
    if (name === "sheets") {
      out.sheets = [...((out.sheets as string[] | undefined) ?? []), ...given];
      continue;
    }
    if (given.length > 1 || name in out)
      throw new BadRequest(`The field '${name}' may be given only once`);
    out[name] = given[0];
  }
  return out;
}

export async function uploadInstances(c: Context<AppEnv>): Promise<Response> {
  const { services } = c.var;
  const form = await receiveUpload(c.req.raw, {
    maxFileBytes: services.deps.config.uploadMaxBytes,
    fileField: "file",
  });
  try {
    const fields = validate(UploadFields, formFields(form.fields));
    const result = await services.spreadsheetUploads.upload(c.var.principal, fields, form.file);
    // A dry run created nothing.
    return c.json(result, fields.dry_run ? 200 : 201);
  } finally {
    await form.dispose();
  }
}
