import type { Project } from "@metabuild/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiList } from "../../../lib/api-client.ts";

/** The projects the user may access (all of the customer's, for an admin), by name. */
export function projectsQueryOptions() {
  return queryOptions({
    queryKey: ["projects"],
    queryFn: async ({ signal }) =>
      (await apiList<Project>("/api/v1/projects", { query: { $sort: { name: 1 } }, signal })).items,
  });
}

export function useProjects() {
  return useQuery(projectsQueryOptions());
}
