import { AgentGroup, AgentGroupQuery, IdParam } from "../index.ts";
import { z } from "zod";
import { defineOperation } from "./operation.ts";

export const listAgentGroups = defineOperation({
  method: "get",
  path: "/api/v1/agent_groups",
  summary: "Agent groups of the customer",
  tags: ["agents"],
  query: AgentGroupQuery,
  response: z.array(AgentGroup),
});

export const getAgentGroup = defineOperation({
  method: "get",
  path: "/api/v1/agent_groups/:id",
  summary: "One agent group",
  tags: ["agents"],
  params: IdParam,
  response: AgentGroup,
});
