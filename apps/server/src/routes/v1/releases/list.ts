import { Release, ReleaseQuery } from "@metabuild/contract";
import { z } from "zod";
import { defineOperation } from "../../../http/operation.ts";

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
