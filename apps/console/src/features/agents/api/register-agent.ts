import type { AgentRegister, AgentRegistered } from "@metabuild/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";

/** POST /api/console/agents (admins): the answer carries the secret, this once. */
export function useRegisterAgent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AgentRegister) =>
      apiJson<AgentRegistered>("/api/console/agents", { method: "POST", body }),
    // The list and the groups (a new group may have been created).
    onSuccess: () => client.invalidateQueries({ queryKey: ["agents"] }),
  });
}
