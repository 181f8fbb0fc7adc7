import { queryOptions, useQuery } from "@tanstack/react-query";
import { $api, answer, api, queryKeyOf } from "../../../lib/api/client.ts";

/** The files inside a build's archives. */
export function buildFilesQueryOptions(id: number) {
  return $api.queryOptions("get", "/console/builds/{id}/files", { params: { path: { id } } });
}

export function useBuildFiles(id: number, enabled: boolean) {
  return useQuery({ ...buildFilesQueryOptions(id), enabled });
}

/** One rendered file's text. */
export function buildFileTextQueryOptions(id: number, pattern: string, path: string) {
  return queryOptions({
    queryKey: [...queryKeyOf("/console/builds/{id}/file"), { id, pattern, path }],
    queryFn: async ({ signal }) =>
      String(
        await answer(
          api.GET("/console/builds/{id}/file", {
            params: { path: { id }, query: { pattern, path } },
            parseAs: "text",
            signal,
          }),
        ),
      ),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useBuildFileText(id: number | undefined, pattern: string, path: string) {
  return useQuery({
    ...buildFileTextQueryOptions(id ?? 0, pattern, path),
    enabled: id !== undefined && path !== "",
  });
}
