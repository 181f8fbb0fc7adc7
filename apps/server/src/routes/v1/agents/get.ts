import { IdParam, Agent } from "@metabuild/contract";
import { defineOperation } from "../../../http/operation.ts";

export const getAgent = defineOperation({
  method: "get",
  path: "/api/v1/agents/:id",
  summary: "One agent",
  tags: ["agents"],
  params: IdParam,
  response: Agent,
});
