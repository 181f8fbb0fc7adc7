import { IdParam, FunctionalRole } from "@metabuild/contract";
import { defineOperation } from "../../../http/operation.ts";

export const getFunctionalRole = defineOperation({
  method: "get",
  path: "/api/v1/functional_roles/:id",
  summary: "One functional role",
  tags: ["patterns"],
  params: IdParam,
  response: FunctionalRole,
});
