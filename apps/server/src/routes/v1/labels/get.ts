import { IdParam, Label } from "@metabuild/contract";
import { defineOperation } from "../../../http/operation.ts";

export const getLabel = defineOperation({
  method: "get",
  path: "/api/v1/labels/:id",
  summary: "One label",
  tags: ["labels"],
  params: IdParam,
  response: Label,
});
