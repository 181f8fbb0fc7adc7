import { Agent, AgentQuery, IdParam } from "../index.ts";
import { z } from "zod";
import { defineOperation } from "./operation.ts";

export const listAgents = defineOperation({
  method: "get",
  path: "/api/v1/agents",
  summary: "Agents of the customer",
  description: "Filter by `group` (name) or `group_id`, `name`, `agent_id`, `online`.",
  tags: ["agents"],
  query: AgentQuery,
  response: z.array(Agent),
});

export const getAgent = defineOperation({
  method: "get",
  path: "/api/v1/agents/:id",
  summary: "One agent",
  tags: ["agents"],
  params: IdParam,
  response: Agent,
});
