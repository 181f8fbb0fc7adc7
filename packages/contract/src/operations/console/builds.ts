import {
  Build,
  BuildDiff,
  BuildDiffQuery,
  BuildFile,
  BuildFileQuery,
  BuildSelection,
  IdParam,
} from "../../index.ts";
import { z } from "zod";
import { defineOperation } from "../operation.ts";

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

export const cancelBuild = defineOperation({
  method: "post",
  path: "/api/console/builds/:id/cancel",
  errors: [409],
  summary: "Cancel a running build (needs write_builds)",
  description: "The build ends CANCELED; 409 when it has already ended.",
  tags: ["console"],
  params: IdParam,
  response: Build,
});
