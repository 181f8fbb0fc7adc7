import { BuildCreateRequest, BuildCreateResponse } from "@metabuild/contract";
import { defineOperation } from "../../../http/operation.ts";

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
