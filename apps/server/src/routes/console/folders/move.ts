import { FolderMove, FolderMoved } from "@metabuild/contract";
import { defineOperation } from "../../../http/operation.ts";

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
