import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { $api } from "../../../lib/api/client.ts";

/** What the palette can jump to for a text. */
export function searchQueryOptions(text: string) {
  return $api.queryOptions(
    "get",
    "/console/search",
    { params: { query: { q: text, limit: 8 } } },
    { staleTime: 30_000 },
  );
}

export function useSearch(text: string) {
  return useQuery({
    ...searchQueryOptions(text),
    enabled: text.trim() !== "",
    // The list stays while the next answer is on its way: no flicker per key.
    placeholderData: keepPreviousData,
  });
}
