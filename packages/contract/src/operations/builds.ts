import { Build, BuildCreateRequest, BuildCreateResponse, BuildQuery, IdParam } from "../index.ts";
import { z } from "zod";
import { defineOperation } from "./operation.ts";

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

export const getBuild = defineOperation({
  method: "get",
  path: "/api/v1/builds/:id",
  summary: "One build; `downloads` lists its archives once it has finished",
  tags: ["builds"],
  params: IdParam,
  response: Build,
});

export const createBuild = defineOperation({
  method: "post",
  path: "/api/v1/builds",
  summary: "Start a build (needs write_builds)",
  description:
    '`instances` holds entries by `id`, by `pattern` + `folder` + `name`, or wildcards (a `name` holding `*`: `"*"` all, `"*ORD*"` a glob; `subfolders: true` adds every folder below `folder`) with search filters. Without `wait` the answer is `{ build: { id, status, progress }, warnings }`; with `wait: true` it comes when the build has ended (or after METABUILD_WAIT_TIMEOUT seconds) and holds the full build.',
  tags: ["builds"],
  body: BuildCreateRequest,
  response: BuildCreateResponse,
  status: 201,
});
