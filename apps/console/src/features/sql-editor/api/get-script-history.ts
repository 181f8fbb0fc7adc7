import type { ScriptRun, ScriptVersion, ScriptVersionWithBody } from "@metabuild/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";

export const scriptRunsKey = (id: number) => ["sql", "script-runs", id] as const;
export const scriptVersionsKey = (id: number) => ["sql", "script-versions", id] as const;

/** Every user's runs of a script, newest first (GET …/scripts/:id/runs). */
export function scriptRunsQueryOptions(id: number) {
  return queryOptions({
    queryKey: scriptRunsKey(id),
    queryFn: ({ signal }) =>
      apiJson<ScriptRun[]>(`/api/console/metadata/scripts/${id}/runs`, { signal }),
  });
}

export function useScriptRuns(id: number) {
  return useQuery(scriptRunsQueryOptions(id));
}

/** A script's saved versions, newest first (GET …/scripts/:id/versions). */
export function scriptVersionsQueryOptions(id: number) {
  return queryOptions({
    queryKey: scriptVersionsKey(id),
    queryFn: ({ signal }) =>
      apiJson<ScriptVersion[]>(`/api/console/metadata/scripts/${id}/versions`, { signal }),
  });
}

export function useScriptVersions(id: number) {
  return useQuery(scriptVersionsQueryOptions(id));
}

/** One old version with its body (GET …/scripts/:id/versions/:version); versions never change. */
export function useScriptVersion(id: number, version: number) {
  return useQuery({
    queryKey: [...scriptVersionsKey(id), version],
    queryFn: ({ signal }) =>
      apiJson<ScriptVersionWithBody>(`/api/console/metadata/scripts/${id}/versions/${version}`, {
        signal,
      }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
