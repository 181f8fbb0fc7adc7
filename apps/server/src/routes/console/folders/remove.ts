import { FolderRef, InstanceFolder } from "@metabuild/contract";
import { defineOperation } from "../../../http/operation.ts";

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
