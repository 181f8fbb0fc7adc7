import { BuildDiff, BuildDiffQuery, IdParam } from "@metabuild/contract";
import { defineOperation } from "../../../http/operation.ts";

export const diffBuilds = defineOperation({
  method: "get",
  path: "/api/console/builds/:id/diff",
  summary: "What changed between two builds' archives (needs read_builds on both)",
  description:
    "Files added, removed and changed from build `against` to build `:id`, compared by the manifests' sha256; changed text files carry a unified diff (null when binary or very large).",
  tags: ["console"],
  errors: [503],
  params: IdParam,
  query: BuildDiffQuery,
  response: BuildDiff,
});
