import type { Me } from "@metabuild/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { isApiError } from "../lib/api-client.ts";
import { answer, api, queryKeyOf } from "../lib/api/client.ts";

export const meQueryKey = queryKeyOf("/console/me");

/** The signed-in user, or null when there is no valid session (401). */
export async function getMe(signal?: AbortSignal): Promise<Me | null> {
  try {
    return await answer(api.GET("/console/me", { signal }));
  } catch (err) {
    if (isApiError(err, 401)) return null;
    throw err;
  }
}

export function meQueryOptions() {
  return queryOptions({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => getMe(signal),
    staleTime: 5 * 60_000,
  });
}

export function useMe() {
  return useQuery(meQueryOptions());
}
