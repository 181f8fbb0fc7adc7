import { IdParam, InstanceFolder, InstanceFolderQuery } from "../index.ts";
import { z } from "zod";
import { defineOperation } from "./operation.ts";

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

export const getFolder = defineOperation({
  method: "get",
  path: "/api/v1/instance_folders/:id",
  summary: "One instance folder",
  tags: ["instance_folders"],
  params: IdParam,
  response: InstanceFolder,
});
