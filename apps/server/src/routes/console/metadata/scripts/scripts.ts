import {
  IdParam,
  Script,
  ScriptCreate,
  ScriptDeleteQuery,
  ScriptSave,
  ScriptTree,
  ScriptTreeQuery,
} from "@metabuild/contract";
import { defineOperation } from "../../../../http/operation.ts";

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
