import type { SignInMethods } from "@metabuild/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";

/** GET /authentication/methods (public): passwords, and the single sign-on provider if any. */
export function signInMethodsQueryOptions() {
  return queryOptions({
    queryKey: ["authentication", "methods"],
    queryFn: ({ signal }) => apiJson<SignInMethods>("/authentication/methods", { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useSignInMethods() {
  return useQuery(signInMethodsQueryOptions());
}
