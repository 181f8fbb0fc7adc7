import type { ApiToken, ApiTokenCreate } from "@metabuild/contract";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { answer, api, invalidate, queryKeyOf } from "../../../lib/api/client.ts";

/** The user's own tokens (an admin: the customer's), never their text. */
export function useApiTokens() {
  return useQuery(
    queryOptions({
      queryKey: queryKeyOf("/console/tokens"),
      queryFn: async ({ signal }): Promise<ApiToken[]> =>
        (await answer(api.GET("/console/tokens", { signal }))).data,
    }),
  );
}

/** Creates a token: the answer carries the token's text, this once. */
export function useCreateApiToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiTokenCreate) => answer(api.POST("/console/tokens", { body })),
    onSuccess: () => invalidate(client, "/console/tokens"),
  });
}

/** Revokes a token (204, no body). */
export function useRevokeApiToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      answer(api.DELETE("/console/tokens/{id}", { params: { path: { id } } })),
    onSuccess: () => invalidate(client, "/console/tokens"),
  });
}
