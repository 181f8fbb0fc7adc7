import {
  IdParam,
  MetadataExecution,
  MetadataHistoryQuery,
  MetadataRunRequest,
  MetadataRunResult,
  MetadataSchema,
  MetadataSchemaQuery,
  Script,
  ScriptCreate,
  ScriptDeleteQuery,
  ScriptFolder,
  ScriptFolderCreate,
  ScriptFolderMove,
  ScriptFolderMoved,
  ScriptFolderRef,
  ScriptRun,
  ScriptRunsQuery,
  ScriptSave,
  ScriptTree,
  ScriptTreeQuery,
  ScriptVersion,
  ScriptVersionParams,
  ScriptVersionWithBody,
  TableLoadForm,
  TableLoadParams,
  TableLoadQuery,
  TableLoadResult,
} from "../../index.ts";
import { z } from "zod";
import { defineOperation } from "../operation.ts";

export const metadataRun = defineOperation({
  method: "post",
  path: "/api/console/metadata/run",
  errors: [429],
  summary: "Run metadata statements for the SQL editor: the v1 result plus the error's position",
  tags: ["console"],
  body: MetadataRunRequest,
  response: MetadataRunResult,
  status: 200,
  // The dialect refuses a NUL with its position; the history keeps it as U+FFFD.
  keepsNul: ["statement"],
  description:
    "Same body, permissions and execution as `POST /api/v1/metadata`; the answer adds `position` ({`line`, `column`}, 1-based in `statement`) when status is `ERROR` and the dialect knows where, else `null`. `script_id` (optional) records the run in that saved script's history (docs/metadata-scripts.md).",
});

export const metadataHistory = defineOperation({
  method: "get",
  path: "/api/console/metadata/history",
  summary: "The caller's recent metadata statement executions, newest first",
  tags: ["console"],
  query: MetadataHistoryQuery,
  response: z.array(MetadataExecution),
  description:
    "`project` or `project_id` narrows to one project; `$limit` defaults to 50 (at most 500).",
});

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

export const listScripts = defineOperation({
  method: "get",
  path: "/api/console/metadata/scripts",
  summary: "A project's script folders and saved SQL scripts (without bodies)",
  tags: ["console"],
  query: ScriptTreeQuery,
  response: ScriptTree,
});

export const createScript = defineOperation({
  method: "post",
  path: "/api/console/metadata/scripts",
  errors: [409],
  summary: "Save a new SQL script in a folder (version 1)",
  description:
    "Needs write_instances on the project. Missing folders are created. 409 when the folder " +
    "holds a script of that name; 400 naming `name` or `folder` when invalid or too long.",
  tags: ["console"],
  body: ScriptCreate,
  response: Script,
  status: 201,
});

export const getScript = defineOperation({
  method: "get",
  path: "/api/console/metadata/scripts/:id",
  summary: "One saved script with its body",
  tags: ["console"],
  params: IdParam,
  response: Script,
});

export const saveScript = defineOperation({
  method: "patch",
  path: "/api/console/metadata/scripts/:id",
  errors: [409],
  summary: "Save a script's body, name or folder as a new version",
  description:
    "Needs write_instances. Based on the version the user saw (`base_version` or If-Match, " +
    "required): 409 naming the newer version and its author when someone saved since; 409 when " +
    "the target folder holds a script of that name.",
  tags: ["console"],
  params: IdParam,
  body: ScriptSave,
  response: Script,
});

export const removeScript = defineOperation({
  method: "delete",
  path: "/api/console/metadata/scripts/:id",
  errors: [409],
  summary: "Delete a script with its versions (its runs stay in the history)",
  description:
    "Needs write_instances. `base_version` (query) or If-Match required: 409 when someone saved since.",
  tags: ["console"],
  params: IdParam,
  query: ScriptDeleteQuery,
  response: Script,
});

export const listScriptVersions = defineOperation({
  method: "get",
  path: "/api/console/metadata/scripts/:id/versions",
  summary: "A script's saved versions, newest first (who, when, name and folder then)",
  tags: ["console"],
  params: IdParam,
  response: z.array(ScriptVersion),
});

export const getScriptVersion = defineOperation({
  method: "get",
  path: "/api/console/metadata/scripts/:id/versions/:version",
  summary: "One saved version of a script with its body",
  tags: ["console"],
  params: ScriptVersionParams,
  response: ScriptVersionWithBody,
});

export const listScriptRuns = defineOperation({
  method: "get",
  path: "/api/console/metadata/scripts/:id/runs",
  summary: "The script's run history (every user's runs from it), newest first",
  description:
    "A run is recorded against a script when `POST /api/console/metadata/run` names it in " +
    "`script_id`. `$limit` defaults to 50 (at most 500).",
  tags: ["console"],
  params: IdParam,
  query: ScriptRunsQuery,
  response: z.array(ScriptRun),
});

export const createScriptFolder = defineOperation({
  method: "post",
  path: "/api/console/metadata/scripts/folders",
  errors: [409],
  summary: "Create a script folder (with any missing parents)",
  description:
    "Needs write_instances on the project. 201 with the folder; 409 when it exists; 400 naming " +
    "`path` when it is the root or passes the path limits.",
  tags: ["console"],
  body: ScriptFolderCreate,
  response: ScriptFolder,
  status: 201,
});

export const moveScriptFolder = defineOperation({
  method: "patch",
  path: "/api/console/metadata/scripts/folders",
  errors: [409],
  summary: "Rename or move a script folder with its subfolders and scripts",
  description:
    "`path` is the folder, `new_path` its full path afterwards. Needs write_instances. 409 when " +
    "`new_path` exists; 400 naming `new_path` when it lies inside the folder or passes the limits.",
  tags: ["console"],
  body: ScriptFolderMove,
  response: ScriptFolderMoved,
});

export const removeScriptFolder = defineOperation({
  method: "delete",
  path: "/api/console/metadata/scripts/folders",
  errors: [409],
  summary: "Delete an empty script folder",
  description:
    "`project`/`project_id` and `path` as query parameters. Needs write_instances. 409 while it " +
    "holds subfolders or scripts. Answers the removed folder.",
  tags: ["console"],
  query: ScriptFolderRef,
  response: ScriptFolder,
});

export const metadataSchema = defineOperation({
  method: "get",
  path: "/api/console/metadata/schema",
  summary: "Tables, views and columns of the metadata dialect in a project (editor completion)",
  tags: ["console"],
  query: MetadataSchemaQuery,
  response: MetadataSchema,
});
