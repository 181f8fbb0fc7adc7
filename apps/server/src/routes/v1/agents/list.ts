import { Agent, AgentQuery } from "@metabuild/contract";
import { z } from "zod";
import { defineOperation } from "../../../http/operation.ts";

export const listAgents = defineOperation({
  method: "get",
  path: "/api/v1/agents",
  summary: "Agents of the customer",
  description: "Filter by `group` (name) or `group_id`, `name`, `agent_id`, `online`.",
  tags: ["agents"],
  query: AgentQuery,
  response: z.array(Agent),
});
