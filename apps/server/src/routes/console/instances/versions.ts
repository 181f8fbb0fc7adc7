import {
  IdParam,
  InstanceVersionList,
  InstanceVersionParams,
  InstanceVersionRows,
} from "@metabuild/contract";
import { defineOperation } from "../../../http/operation.ts";

export const listInstanceVersions = defineOperation({
  method: "get",
  path: "/api/console/instances/:id/versions",
  summary: "An instance's versions, oldest first (version, who, when, source)",
  tags: ["console"],
  params: IdParam,
  response: InstanceVersionList,
});

export const getInstanceVersion = defineOperation({
  method: "get",
  path: "/api/console/instances/:id/versions/:version",
  summary: "The rows of one version of an instance, keyed by the current header",
  tags: ["console"],
  params: InstanceVersionParams,
  response: InstanceVersionRows,
});
