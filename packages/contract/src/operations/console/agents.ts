import { AgentRegister, AgentRegistered } from "../../index.ts";
import { defineOperation } from "../operation.ts";

export const registerAgent = defineOperation({
  method: "post",
  path: "/api/console/agents",
  summary: "Register an agent; its secret is answered this once",
  description:
    "Administrators only. The group is created when missing. The answer holds the agent (its `agent_id` for `--agent-id`) and its secret, stored only as a hash (docs/agents.md).",
  tags: ["console"],
  body: AgentRegister,
  response: AgentRegistered,
  status: 201,
});
