import { IdParam, Pattern } from "@metabuild/contract";
import { defineOperation } from "../../../http/operation.ts";

export const getPattern = defineOperation({
  method: "get",
  path: "/api/v1/patterns/:id",
  summary: "One pattern",
  tags: ["patterns"],
  params: IdParam,
  response: Pattern,
});
