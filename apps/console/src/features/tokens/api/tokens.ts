import type { ApiToken, ApiTokenCreate, ApiTokenCreated, ApiTokenList } from "@metabuild/contract";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiJson, apiText } from "../../../lib/api-client.ts";

const tokensQueryKey = ["tokens"] as const;

/** GET /api/console/tokens: the user's own tokens (an admin: the customer's), never their text. */
export function useApiTokens() {
  return useQuery(
    queryOptions({
      queryKey: tokensQueryKey,
      queryFn: async ({ signal }): Promise<ApiToken[]> =>
        (await apiJson<ApiTokenList>("/api/console/tokens", { signal })).data,
    }),
  );
}

/** POST /api/console/tokens: the answer carries the token's text, this once. */
export function useCreateApiToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiTokenCreate) =>
      apiJson<ApiTokenCreated>("/api/console/tokens", { method: "POST", body }),
    onSuccess: () => client.invalidateQueries({ queryKey: tokensQueryKey }),
  });
}

/** DELETE /api/console/tokens/:id. */
export function useRevokeApiToken() {
  const client = useQueryClient();
  return useMutation({
    // 204: no body to read as JSON.
    mutationFn: (id: number) => apiText(`/api/console/tokens/${id}`, { method: "DELETE" }),
    onSuccess: () => client.invalidateQueries({ queryKey: tokensQueryKey }),
  });
}
