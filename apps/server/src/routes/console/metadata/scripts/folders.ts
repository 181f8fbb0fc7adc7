import {
  ScriptFolder,
  ScriptFolderCreate,
  ScriptFolderMove,
  ScriptFolderMoved,
  ScriptFolderRef,
} from "@metabuild/contract";
import { defineOperation } from "../../../../http/operation.ts";

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
