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

export function useInvalidNames(projectId: number) {
  return useQuery(invalidNamesQueryOptions(projectId));
}
