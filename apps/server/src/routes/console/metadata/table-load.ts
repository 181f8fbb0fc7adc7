import {
  TableLoadForm,
  TableLoadParams,
  TableLoadQuery,
  TableLoadResult,
} from "@metabuild/contract";
import { BadRequest } from "@metabuild/core";
import { type Context, Hono } from "hono";
import type { AppEnv } from "../../../app-env.ts";
import { type ReceivedFile, receiveRawFile } from "../../../http/raw-upload.ts";
import { rejectUnsupported } from "../../../http/not-supported.ts";
import { defineOperation, mount } from "../../../http/operation.ts";
import { receiveUpload } from "../../../services/spreadsheets/multipart-upload.ts";
import { workbookMessages } from "../../../services/spreadsheets/zip-archive.ts";

export const loadTable = defineOperation({
  method: "post",
  path: "/api/console/metadata/tables/:name/load",
  errors: [409, 413],
  summary: "Load a CSV or XLSX file into a custom table (@TABLES.<name>)",
  description:
    "Needs `write_instances` on the project. The file comes as `multipart/form-data` (field " +
    "`file`) or as the raw body (`text/csv`, an .xlsx media type or `application/octet-stream`), " +
    "at most METABUILD_UPLOAD_MAX_BYTES. The first non-empty line names the columns (letters, " +
    "digits, `_`; a name twice is a 400 naming the column). Types are stated in `types` or " +
    "inferred (integer, number, boolean, date, string); a value that does not fit its column's " +
    "type is a 400 naming line and column. `mode`: create (409 when the table exists), replace " +
    "(columns and rows in one transaction) or append (the file's columns must be the table's, " +
    "else 400). CSV: RFC 4180, UTF-8 with or without BOM, delimiter `,` `;` tab `|` detected " +
    "from the header or given. `dry_run=true` answers the same result and stores nothing.",
  tags: ["console"],
  params: TableLoadParams,
  query: TableLoadQuery,
  body: TableLoadForm,
  bodyType: "multipart/form-data",
  response: TableLoadResult,
  status: 200,
});

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
