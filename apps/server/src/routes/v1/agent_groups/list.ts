import { AgentGroup, AgentGroupQuery } from "@metabuild/contract";
import { z } from "zod";
import { defineOperation } from "../../../http/operation.ts";

export const listAgentGroups = defineOperation({
  method: "get",
  path: "/api/v1/agent_groups",
  summary: "Agent groups of the customer",
  tags: ["agents"],
  query: AgentGroupQuery,
  response: z.array(AgentGroup),
});
