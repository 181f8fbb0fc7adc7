import type { AgentRegister } from "@metabuild/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { answer, api, invalidate } from "../../../lib/api/client.ts";

/** Registers an agent (admins): the answer carries the secret, this once. */
export function useRegisterAgent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AgentRegister) => answer(api.POST("/console/agents", { body })),
    // The list and the groups (a new group may have been created).
    onSuccess: () => invalidate(client, "/v1/agents", "/v1/agent_groups"),
  });
}
