import { useQuery } from "@tanstack/react-query";
import { $api } from "../../../lib/api/client.ts";

/** The projects the user may access (all of the customer's, for an admin), by name. */
export function projectsQueryOptions() {
  return $api.queryOptions("get", "/v1/projects", {
    params: { query: { $sort: { name: "1" } } },
  });
}

export function useProjects() {
  return useQuery(projectsQueryOptions());
}
