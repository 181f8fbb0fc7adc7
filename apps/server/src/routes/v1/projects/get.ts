import { IdParam, Project } from "@metabuild/contract";
import { defineOperation } from "../../../http/operation.ts";

export const getProject = defineOperation({
  method: "get",
  path: "/api/v1/projects/:id",
  summary: "One project",
  tags: ["projects"],
  params: IdParam,
  response: Project,
});
