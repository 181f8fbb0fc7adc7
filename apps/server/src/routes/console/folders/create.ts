import { FolderCreate, InstanceFolder } from "@metabuild/contract";
import { defineOperation } from "../../../http/operation.ts";

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
