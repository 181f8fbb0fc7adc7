import type { SearchResult } from "@metabuild/contract";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";

/** GET /api/console/search: what the palette can jump to for a text. */
export function searchQueryOptions(text: string) {
  return queryOptions({
    queryKey: ["search", text],
    queryFn: ({ signal }) =>
      apiJson<SearchResult>("/api/console/search", { query: { q: text, limit: 8 }, signal }),
    staleTime: 30_000,
  });
}

export function useSearch(text: string) {
  return useQuery({
    ...searchQueryOptions(text),
    enabled: text.trim() !== "",
    // The list stays while the next answer is on its way: no flicker per key.
    placeholderData: keepPreviousData,
  });
}
