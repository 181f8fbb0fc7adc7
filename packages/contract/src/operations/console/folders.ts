import { FolderCreate, FolderMove, FolderMoved, FolderRef, InstanceFolder } from "../../index.ts";
import { defineOperation } from "../operation.ts";

export const createFolder = defineOperation({
  method: "post",
  path: "/api/console/folders",
  errors: [409],
  summary: "Create an empty folder (with any missing parents)",
  description:
    "Needs write_instances on the project. 201 with the folder; 409 when it exists; 400 naming " +
    "`path` when it is the root or passes the path limits.",
  tags: ["console"],
  body: FolderCreate,
  response: InstanceFolder,
  status: 201,
});

export const removeFolder = defineOperation({
  method: "delete",
  path: "/api/console/folders",
  errors: [409],
  summary: "Delete an empty folder",
  description:
    "`project`/`project_id` and `path` as query parameters. Needs write_instances. 409 while the " +
    "folder holds subfolders or instances (deleted ones too); folder-level values set at it go " +
    "with it. Answers the removed folder.",
  tags: ["console"],
  query: FolderRef,
  response: InstanceFolder,
});

export const moveFolder = defineOperation({
  method: "patch",
  path: "/api/console/folders",
  errors: [409],
  summary: "Rename or move a folder with its subfolders, instances and folder-level values",
  description:
    "`path` is the folder, `new_path` its full path afterwards. Every moved instance gets a new " +
    "version (history names the move). Needs write_instances on the project. 409 naming the " +
    "path when `new_path` exists; 400 naming `new_path` when it lies inside the folder or passes " +
    "the path limits; 403 when an instance inside is locked or checked out by someone else.",
  tags: ["console"],
  body: FolderMove,
  response: FolderMoved,
});
