import { Build, IdParam } from "@metabuild/contract";
import { defineOperation } from "../../../http/operation.ts";

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
