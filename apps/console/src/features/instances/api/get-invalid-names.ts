import type { InvalidInstanceNames } from "@metabuild/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";

/** The project's instances whose names break their pattern's rule (docs/instance-names.md). */
export function invalidNamesQueryOptions(projectId: number) {
  return queryOptions({
    queryKey: ["instances", "invalid-names", projectId],
    queryFn: ({ signal }) =>
      apiJson<InvalidInstanceNames>("/api/console/instances/invalid-names", {
        query: { project_id: projectId },
        signal,
      }),
  });
}

/** `enabled`: asked only once the list has shown (the report scans the whole project). */
export function useInvalidNames(projectId: number, enabled = true) {
  return useQuery({ ...invalidNamesQueryOptions(projectId), enabled });
}
