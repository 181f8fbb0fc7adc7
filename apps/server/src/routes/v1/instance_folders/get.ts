import { IdParam, InstanceFolder } from "@metabuild/contract";
import { defineOperation } from "../../../http/operation.ts";

export const getFolder = defineOperation({
  method: "get",
  path: "/api/v1/instance_folders/:id",
  summary: "One instance folder",
  tags: ["instance_folders"],
  params: IdParam,
  response: InstanceFolder,
});
