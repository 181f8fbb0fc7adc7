import { Build, IdParam } from "@metabuild/contract";
import { defineOperation } from "../../../http/operation.ts";

export const getBuild = defineOperation({
  method: "get",
  path: "/api/v1/builds/:id",
  summary: "One build; `downloads` lists its archives once it has finished",
  tags: ["builds"],
  params: IdParam,
  response: Build,
});
