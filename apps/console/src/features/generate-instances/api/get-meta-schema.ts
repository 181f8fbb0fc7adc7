import type { MetadataSchema } from "@metabuild/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";

/** The project's patterns (as @INSTANCES tables, with columns) and views (GET /api/console/metadata/schema). */
export function metaSchemaQueryOptions(projectId: number) {
  return queryOptions({
    queryKey: ["generate-instances", "schema", projectId],
    queryFn: ({ signal }) =>
      apiJson<MetadataSchema>("/api/console/metadata/schema", {
        query: { project_id: projectId },
        signal,
      }),
  });
}

export function useMetaSchema(projectId: number) {
  return useQuery(metaSchemaQueryOptions(projectId));
}
