import { useQuery } from "@tanstack/react-query";
import { $api, queryKeyOf } from "../../../lib/api/client.ts";

/** The key prefix of the script tree. */
export const scriptsKey = queryKeyOf("/console/metadata/scripts");

/** The project's script folders and scripts. */
export function scriptsQueryOptions(projectId: number) {
  return $api.queryOptions("get", "/console/metadata/scripts", {
    params: { query: { project_id: projectId } },
  });
}

export function useScripts(projectId: number) {
  return useQuery(scriptsQueryOptions(projectId));
}
