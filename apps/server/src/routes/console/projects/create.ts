import { Project, ProjectCreate } from "@metabuild/contract";
import { defineOperation } from "../../../http/operation.ts";

export const createProject = defineOperation({
  method: "post",
  path: "/api/console/projects",
  errors: [409],
  summary: "Create a project (admins only)",
  description:
    "201 with the project; 409 when the customer has a project of that name; 403 for non-admins.",
  tags: ["console"],
  body: ProjectCreate,
  response: Project,
  status: 201,
});
