import type { Agent } from "@metabuild/contract";
import { type QueryClient, useQuery } from "@tanstack/react-query";
import { $api } from "../../../lib/api/client.ts";

/** The customer's agents. */
export function agentsQueryOptions() {
  return $api.queryOptions("get", "/v1/agents", { params: { query: { $limit: 500 } } });
}

export function useAgents() {
  return useQuery(agentsQueryOptions());
}

/** Agent groups. */
export function useAgentGroups() {
  return useQuery(
    $api.queryOptions("get", "/v1/agent_groups", { params: { query: { $limit: 500 } } }),
  );
}

/** Deployment definitions of the patterns. */
export function useDeployments() {
  return useQuery(
    $api.queryOptions("get", "/v1/deployments", { params: { query: { $limit: 500 } } }),
  );
}

/** An `agent.online` event replaces that agent in the cached list (no polling). */
export function applyAgentEvent(client: QueryClient, agent: Agent): void {
  client.setQueryData<Agent[]>(agentsQueryOptions().queryKey, (list) =>
    list?.some((a) => a.id === agent.id)
      ? list.map((a) => (a.id === agent.id ? agent : a))
      : list
        ? [...list, agent]
        : list,
  );
}
