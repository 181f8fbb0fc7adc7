import { IdParam, Release } from "@metabuild/contract";
import { defineOperation } from "../../../http/operation.ts";

export const getRelease = defineOperation({
  method: "get",
  path: "/api/v1/releases/:id",
  summary: "One release",
  tags: ["releases"],
  params: IdParam,
  response: Release,
});
