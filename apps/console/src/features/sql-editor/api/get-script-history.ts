import { useQuery } from "@tanstack/react-query";
import { $api } from "../../../lib/api/client.ts";

/** Every user's runs of a script, newest first (GET …/scripts/:id/runs). */
export function scriptRunsQueryOptions(id: number) {
  return $api.queryOptions("get", "/console/metadata/scripts/{id}/runs", {
    params: { path: { id } },
  });
}

export function useScriptRuns(id: number) {
  return useQuery(scriptRunsQueryOptions(id));
}

/** A script's saved versions, newest first (GET …/scripts/:id/versions). */
export function scriptVersionsQueryOptions(id: number) {
  return $api.queryOptions("get", "/console/metadata/scripts/{id}/versions", {
    params: { path: { id } },
  });
}

export function useScriptVersions(id: number) {
  return useQuery(scriptVersionsQueryOptions(id));
}

/** One old version with its body (GET …/scripts/:id/versions/:version); versions never change. */
export function useScriptVersion(id: number, version: number) {
  return useQuery(
    $api.queryOptions(
      "get",
      "/console/metadata/scripts/{id}/versions/{version}",
      { params: { path: { id, version } } },
      { staleTime: Number.POSITIVE_INFINITY },
    ),
  );
}

export const scriptRunsKey = (id: number) => scriptRunsQueryOptions(id).queryKey;
export const scriptVersionsKey = (id: number) => scriptVersionsQueryOptions(id).queryKey;
