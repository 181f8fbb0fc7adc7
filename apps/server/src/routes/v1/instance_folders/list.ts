import { InstanceFolder, InstanceFolderQuery } from "@metabuild/contract";
import { z } from "zod";
import { defineOperation } from "../../../http/operation.ts";

export const listFolders = defineOperation({
  method: "get",
  path: "/api/v1/instance_folders",
  summary: "Folders of the instance tree",
  description:
    "Without `project`/`project_id`: the folders of every project the user may access. `path` matches one folder exactly.",
  tags: ["instance_folders"],
  query: InstanceFolderQuery,
  response: z.array(InstanceFolder),
});
