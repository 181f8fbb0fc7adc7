import { IdParam, PatternVariableDefinition } from "@metabuild/contract";
import { defineOperation } from "../../../http/operation.ts";

export const getPatternVariable = defineOperation({
  method: "get",
  path: "/api/v1/pattern_variables/:id",
  summary: "One pattern variable definition",
  tags: ["patterns"],
  params: IdParam,
  response: PatternVariableDefinition,
});
