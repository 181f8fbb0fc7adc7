import { useQuery } from "@tanstack/react-query";
import { $api } from "../../../lib/api/client.ts";

/** The project's instances whose names break their pattern's rule (docs/instance-names.md). */
export function invalidNamesQueryOptions(projectId: number) {
  return $api.queryOptions("get", "/console/instances/invalid-names", {
    params: { query: { project_id: projectId } },
  });
}

/** `enabled`: asked only once the list has shown (the report scans the whole project). */
export function useInvalidNames(projectId: number, enabled = true) {
  return useQuery({ ...invalidNamesQueryOptions(projectId), enabled });
}
