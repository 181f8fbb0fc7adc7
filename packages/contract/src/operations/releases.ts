import { IdParam, Release, ReleaseQuery } from "../index.ts";
import { z } from "zod";
import { defineOperation } from "./operation.ts";

export const listReleases = defineOperation({
  method: "get",
  path: "/api/v1/releases",
  summary: "Releases of the customer",
  description:
    "`release_group` (a name) or `release_group_id` restricts them to one release group.",
  tags: ["releases"],
  query: ReleaseQuery,
  response: z.array(Release),
});

export const getRelease = defineOperation({
  method: "get",
  path: "/api/v1/releases/:id",
  summary: "One release",
  tags: ["releases"],
  params: IdParam,
  response: Release,
});
