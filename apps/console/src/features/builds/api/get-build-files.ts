import type { BuildFile } from "@metabuild/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson, apiText } from "../../../lib/api-client.ts";

/** The files inside a build's archives (GET /api/console/builds/:id/files). */
export function buildFilesQueryOptions(id: number) {
  return queryOptions({
    queryKey: ["builds", "files", id],
    queryFn: ({ signal }) => apiJson<BuildFile[]>(`/api/console/builds/${id}/files`, { signal }),
  });
}

export function useBuildFiles(id: number, enabled: boolean) {
  return useQuery({ ...buildFilesQueryOptions(id), enabled });
}

/** One rendered file's text (GET /api/console/builds/:id/file?pattern=&path=). */
export function buildFileTextQueryOptions(id: number, pattern: string, path: string) {
  return queryOptions({
    queryKey: ["builds", "file", id, pattern, path],
    queryFn: ({ signal }) =>
      apiText(`/api/console/builds/${id}/file`, { query: { pattern, path }, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useBuildFileText(id: number | undefined, pattern: string, path: string) {
  return useQuery({
    ...buildFileTextQueryOptions(id ?? 0, pattern, path),
    enabled: id !== undefined && path !== "",
  });
}
