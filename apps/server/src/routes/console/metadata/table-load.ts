import { loadTable } from "@metabuild/contract/operations";
import type { TableLoadQuery } from "@metabuild/contract";
import { BadRequest } from "@metabuild/core";
import { type Context, Hono } from "hono";
import type { AppEnv } from "../../../app-env.ts";
import { type ReceivedFile, receiveRawFile } from "../../../http/raw-upload.ts";
import { rejectUnsupported } from "../../../http/not-supported.ts";
import { mount } from "../../../http/operation.ts";
import { receiveUpload } from "../../../services/spreadsheets/multipart-upload.ts";
import { workbookMessages } from "../../../services/spreadsheets/zip-archive.ts";

const MULTIPART = /^multipart\/form-data/i;

/** Receives the file (multipart or raw) after the project and permission are checked. */
export async function loadTableHandler(
  input: { params: { name: string }; query: TableLoadQuery },
  c: Context<AppEnv>,
): Promise<Response> {
  const { services, principal } = c.var;
  const project = await services.tableLoads.project(principal, input.query);
  const maxBytes = services.deps.config.uploadMaxBytes;
  const received: ReceivedFile & { fields?: Map<string, string[]> } = MULTIPART.test(
    c.req.header("content-type") ?? "",
  )
    ? await receiveUpload(c.req.raw, { maxFileBytes: maxBytes, fileField: "file" })
    : await receiveRawFile(c.req.raw, maxBytes, workbookMessages.tooLarge(maxBytes));
  try {
    // Options are query parameters; a form field would otherwise be ignored silently.
    const field = received.fields ? [...received.fields.keys()][0] : undefined;
    if (field !== undefined)
      throw new BadRequest(
        `Unknown form field '${field}': send only the file in the form; options such as mode, types and delimiter are query parameters`,
      );
    const result = await services.tableLoads.load(
      principal,
      project,
      input.params.name,
      input.query,
      received.file,
    );
    return c.json(result, 200);
  } finally {
    await received.dispose();
  }
}

const LOAD_PATH = /^\/api\/console\/metadata\/tables\/[^/]+\/load\/*$/;

/** The load streams its file to disk under METABUILD_UPLOAD_MAX_BYTES, not the body limit. */
export function isTableLoad(c: Context): boolean {
  return c.req.method === "POST" && LOAD_PATH.test(c.req.path);
}

export function tableLoadRoutes() {
  const app = new Hono<AppEnv>();
  mount(app, loadTable.path, loadTable, loadTableHandler);
  rejectUnsupported(app, { collection: ["POST"] });
  return app;
}
