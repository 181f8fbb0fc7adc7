import type { Agent, AgentGroup, Deployment } from "@metabuild/contract";
import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { apiList } from "../../../lib/api-client.ts";

/** The customer's agents (GET /api/v1/agents). */
export function agentsQueryOptions() {
  return queryOptions({
    queryKey: ["agents", "list"],
    queryFn: async ({ signal }) =>
      (await apiList<Agent>("/api/v1/agents", { query: { $limit: 500 }, signal })).items,
  });
}

export function useAgents() {
  return useQuery(agentsQueryOptions());
}

/** Agent groups (GET /api/v1/agent_groups). */
export function useAgentGroups() {
  return useQuery({
    queryKey: ["agents", "groups"],
    queryFn: async ({ signal }) =>
      (await apiList<AgentGroup>("/api/v1/agent_groups", { query: { $limit: 500 }, signal })).items,
  });
}

/** Deployment definitions of the patterns (GET /api/v1/deployments). */
export function useDeployments() {
  return useQuery({
    queryKey: ["agents", "deployments"],
    queryFn: async ({ signal }) =>
      (await apiList<Deployment>("/api/v1/deployments", { query: { $limit: 500 }, signal })).items,
  });
}

/** An `agent.online` event replaces that agent in the cached list (no polling). */
export function applyAgentEvent(client: QueryClient, agent: Agent): void {
  client.setQueryData(agentsQueryOptions().queryKey, (list) =>
    list?.some((a) => a.id === agent.id)
      ? list.map((a) => (a.id === agent.id ? agent : a))
      : list
        ? [...list, agent]
        : list,
  );
}
