import { useQuery } from "@tanstack/react-query";
import { $api, queryKeyOf } from "../../../lib/api/client.ts";

/** The key prefix of the schema (completion, the generate flow): a write may change it. */
export const schemaKey = queryKeyOf("/console/metadata/schema");

/** Tables, views and columns for completion. */
export function schemaQueryOptions(projectId: number) {
  return $api.queryOptions(
    "get",
    "/console/metadata/schema",
    { params: { query: { project_id: projectId } } },
    { staleTime: 60_000 },
  );
}

export function useSchema(projectId: number) {
  return useQuery(schemaQueryOptions(projectId));
}
