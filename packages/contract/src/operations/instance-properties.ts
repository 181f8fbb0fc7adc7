import { IdParam, InstanceProperty, InstancePropertyQuery } from "../index.ts";
import { z } from "zod";
import { defineOperation } from "./operation.ts";

export const listInstanceProperties = defineOperation({
  method: "get",
  path: "/api/v1/instance_properties",
  summary: "Non-deleted instance properties of the customer's patterns",
  description: "Filter by `pattern` (name) or `pattern_id`.",
  tags: ["patterns"],
  query: InstancePropertyQuery,
  response: z.array(InstanceProperty),
});

export const getInstanceProperty = defineOperation({
  method: "get",
  path: "/api/v1/instance_properties/:id",
  summary: "One instance property",
  tags: ["patterns"],
  params: IdParam,
  response: InstanceProperty,
});
