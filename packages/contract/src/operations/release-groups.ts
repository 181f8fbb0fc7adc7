import { IdParam, ReleaseGroup, ReleaseGroupQuery } from "../index.ts";
import { z } from "zod";
import { defineOperation } from "./operation.ts";

export const listReleaseGroups = defineOperation({
  method: "get",
  path: "/api/v1/release_groups",
  summary: "Release groups of the customer",
  description: "Release groups are customer-wide: every user of the customer may read them.",
  tags: ["release_groups"],
  query: ReleaseGroupQuery,
  response: z.array(ReleaseGroup),
});

export const getReleaseGroup = defineOperation({
  method: "get",
  path: "/api/v1/release_groups/:id",
  summary: "One release group",
  tags: ["release_groups"],
  params: IdParam,
  response: ReleaseGroup,
});
