import type { MetadataSchema } from "@metabuild/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";

export const schemaKey = (projectId: number) => ["sql", "schema", projectId] as const;

/** Tables, views and columns for completion (GET /api/console/metadata/schema). */
export function schemaQueryOptions(projectId: number) {
  return queryOptions({
    queryKey: schemaKey(projectId),
    queryFn: ({ signal }) =>
      apiJson<MetadataSchema>("/api/console/metadata/schema", {
        query: { project_id: projectId },
        signal,
      }),
    staleTime: 60_000,
  });
}

export function useSchema(projectId: number) {
  return useQuery(schemaQueryOptions(projectId));
}
