import { Build, BuildQuery } from "@metabuild/contract";
import { z } from "zod";
import { defineOperation } from "../../../http/operation.ts";

export const listBuilds = defineOperation({
  method: "get",
  path: "/api/v1/builds",
  summary: "Builds of the projects the user may access",
  description:
    "Filters: `project`/`project_id`, `user` (name or e-mail of the starter)/`user_id`, `pattern`/`pattern_id` (builds that rendered it), `releases` (builds started with those releases).",
  tags: ["builds"],
  query: BuildQuery,
  response: z.array(Build),
});
