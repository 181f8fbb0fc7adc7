import { IdParam, Project, ProjectCreate, ProjectUpdate } from "../../index.ts";
import { defineOperation } from "../operation.ts";

export const updateProject = defineOperation({
  method: "patch",
  path: "/api/console/projects/:id",
  errors: [409],
  summary: "Rename, disable or enable a project (admins only)",
  description:
    "A disabled project is hidden from non-admins, who can no longer read it; nobody writes its " +
    "instances or starts its builds until it is enabled. 409 when the new name is taken.",
  tags: ["console"],
  params: IdParam,
  body: ProjectUpdate,
  response: Project,
});

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
