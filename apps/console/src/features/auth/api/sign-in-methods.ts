import { useQuery } from "@tanstack/react-query";
import { $api, rootBaseUrl } from "../../../lib/api/client.ts";

/** GET /authentication/methods (public): passwords, and the single sign-on provider if any. */
export function signInMethodsQueryOptions() {
  return $api.queryOptions(
    "get",
    "/authentication/methods",
    { baseUrl: rootBaseUrl },
    { staleTime: Number.POSITIVE_INFINITY },
  );
}

export function useSignInMethods() {
  return useQuery(signInMethodsQueryOptions());
}
