import { UploadFields } from "@metabuild/contract";
import { BadRequest } from "@metabuild/core";
import type { Context } from "hono";
import type { AppEnv } from "../../../app-env.ts";
import { validate } from "../../../http/input.ts";
import { receiveUpload } from "../../../services/spreadsheets/multipart-upload.ts";

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
