import { useQuery } from "@tanstack/react-query";
import { $api } from "../../../lib/api/client.ts";

/** The project's patterns (as @INSTANCES tables, with columns) and views. */
export function metaSchemaQueryOptions(projectId: number) {
  return $api.queryOptions("get", "/console/metadata/schema", {
    params: { query: { project_id: projectId } },
  });
}

export function useMetaSchema(projectId: number) {
  return useQuery(metaSchemaQueryOptions(projectId));
}
