import { IdParam, ReleaseGroup } from "@metabuild/contract";
import { defineOperation } from "../../../http/operation.ts";

export const getReleaseGroup = defineOperation({
  method: "get",
  path: "/api/v1/release_groups/:id",
  summary: "One release group",
  tags: ["release_groups"],
  params: IdParam,
  response: ReleaseGroup,
});
