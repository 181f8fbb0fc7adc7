import { BuildFile, BuildFileQuery, BuildSelection, IdParam } from "@metabuild/contract";
import { z } from "zod";
import { defineOperation } from "../../../http/operation.ts";

export const listBuildFiles = defineOperation({
  method: "get",
  path: "/api/console/builds/:id/files",
  summary: "The files in a build's archives (needs read_builds)",
  description: "503 when an archive is not in this process's data folder (docs/scale-out.md).",
  errors: [503],
  tags: ["console"],
  params: IdParam,
  response: z.array(BuildFile),
});

export const readBuildFile = defineOperation({
  method: "get",
  path: "/api/console/builds/:id/file",
  summary: "One rendered file of a build, by pattern and path (needs read_builds)",
  errors: [503],
  tags: ["console"],
  params: IdParam,
  query: BuildFileQuery,
  responseType: "text/plain",
});

export const getBuildSelection = defineOperation({
  method: "get",
  path: "/api/console/builds/:id/selection",
  summary: "What a build rendered, what its request named but left out (and why), its releases",
  description:
    "Left out: invalid instances, build-disabled ones and, for wildcard entries, those outside " +
    "the build's releases. Needs access to the build's project.",
  tags: ["console"],
  params: IdParam,
  response: BuildSelection,
});
