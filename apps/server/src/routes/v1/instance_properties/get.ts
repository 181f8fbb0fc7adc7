import { IdParam, InstanceProperty } from "@metabuild/contract";
import { defineOperation } from "../../../http/operation.ts";

export const getInstanceProperty = defineOperation({
  method: "get",
  path: "/api/v1/instance_properties/:id",
  summary: "One instance property",
  tags: ["patterns"],
  params: IdParam,
  response: InstanceProperty,
});
