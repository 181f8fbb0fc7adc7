import { useQuery } from "@tanstack/react-query";
import { $api } from "../../../lib/api/client.ts";

/** What a build rendered and left out; fixed once started. */
export function buildSelectionQueryOptions(id: number) {
  return $api.queryOptions(
    "get",
    "/console/builds/{id}/selection",
    { params: { path: { id } } },
    { staleTime: Number.POSITIVE_INFINITY },
  );
}

export function useBuildSelection(id: number) {
  return useQuery(buildSelectionQueryOptions(id));
}
