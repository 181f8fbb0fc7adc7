import { IdParam, Project, ProjectQuery } from "../index.ts";
import { z } from "zod";
import { defineOperation } from "./operation.ts";

export const listProjects = defineOperation({
  method: "get",
  path: "/api/v1/projects",
  summary: "Projects the user may access",
  tags: ["projects"],
  query: ProjectQuery,
  response: z.array(Project),
});

export const getProject = defineOperation({
  method: "get",
  path: "/api/v1/projects/:id",
  summary: "One project",
  tags: ["projects"],
  params: IdParam,
  response: Project,
});
