import { Project, ProjectQuery } from "@metabuild/contract";
import { z } from "zod";
import { defineOperation } from "../../../http/operation.ts";

export const listProjects = defineOperation({
  method: "get",
  path: "/api/v1/projects",
  summary: "Projects the user may access",
  tags: ["projects"],
  query: ProjectQuery,
  response: z.array(Project),
});
