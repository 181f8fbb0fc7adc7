import { z } from "zod";
import { Paging, queryBoolean, queryInt } from "./common.ts";

/** docs/reference/endpoints.md "Agent" (the secret never leaves the server). */
export const Agent = z
  .object({
    id: z.number().int(),
    agent_id: z.string().meta({ description: "Agent UUID" }),
    name: z.string(),
    deleted: z.boolean(),
    disabled: z.boolean(),
    online: z.boolean(),
    group_id: z.number().int().nullable(),
  })
  .meta({ id: "Agent" });
export type Agent = z.infer<typeof Agent>;

export const AgentQuery = Paging.extend({
  name: z.string().optional(),
  agent_id: z.string().optional(),
  online: queryBoolean.optional(),
  group_id: queryInt.optional(),
  group: z.string().optional(),
});
export type AgentQuery = z.infer<typeof AgentQuery>;

/** docs/reference/endpoints.md "Agent group". */
export const AgentGroup = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string().nullable(),
  })
  .meta({ id: "AgentGroup" });
export type AgentGroup = z.infer<typeof AgentGroup>;

export const AgentGroupQuery = Paging.extend({ name: z.string().optional() });
export type AgentGroupQuery = z.infer<typeof AgentGroupQuery>;

/** Registering an agent from the console (docs/agents.md): administrators only. */
export const AgentRegister = z.strictObject({
  name: z.string().trim().min(1, { error: "must not be empty" }).max(200),
  group: z
    .string()
    .trim()
    .min(1, { error: "must not be empty" })
    .max(200)
    .meta({ description: "The agent group; created when missing" }),
});
export type AgentRegister = z.input<typeof AgentRegister>;

export const AgentRegistered = z
  .object({
    agent: Agent,
    secret: z.string().meta({
      description: "The agent's secret, answered this once (stored only as a hash)",
    }),
  })
  .meta({ id: "AgentRegistered" });
export type AgentRegistered = z.infer<typeof AgentRegistered>;
