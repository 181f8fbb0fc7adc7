import { IdParam, AgentGroup } from "@metabuild/contract";
import { defineOperation } from "../../../http/operation.ts";

export const getAgentGroup = defineOperation({
  method: "get",
  path: "/api/v1/agent_groups/:id",
  summary: "One agent group",
  tags: ["agents"],
  params: IdParam,
  response: AgentGroup,
});
