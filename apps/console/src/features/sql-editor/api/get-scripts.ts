import type { ScriptTree } from "@metabuild/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";

export const scriptsKey = (projectId: number) => ["sql", "scripts", projectId] as const;

/** The project's script folders and scripts (GET /api/console/metadata/scripts). */
export function scriptsQueryOptions(projectId: number) {
  return queryOptions({
    queryKey: scriptsKey(projectId),
    queryFn: ({ signal }) =>
      apiJson<ScriptTree>("/api/console/metadata/scripts", {
        query: { project_id: projectId },
        signal,
      }),
  });
}

export function useScripts(projectId: number) {
  return useQuery(scriptsQueryOptions(projectId));
}
