import { IdParam, Project, ProjectUpdate } from "@metabuild/contract";
import { defineOperation } from "../../../http/operation.ts";

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
