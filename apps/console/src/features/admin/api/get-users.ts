import type { AdminUser } from "@metabuild/contract";
import { type QueryClient, keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { answer, api, invalidate, queryKeyOf } from "../../../lib/api/client.ts";

/** The customer's users whose e-mail or name contains `search` (admins only: others get a 403). */
export function adminUsersQueryOptions(search = "") {
  const params = { query: search ? { q: search } : {} };
  return queryOptions({
    queryKey: [...queryKeyOf("/console/admin/users"), { params }],
    queryFn: async ({ signal }): Promise<AdminUser[]> =>
      (await answer(api.GET("/console/admin/users", { params, signal }))).data,
    retry: false,
    placeholderData: keepPreviousData,
  });
}

export function useAdminUsers(search = "") {
  return useQuery(adminUsersQueryOptions(search));
}

/** The users list and the grants matrix, after a change to a user. */
export function invalidateAdmin(client: QueryClient) {
  return invalidate(client, "/console/admin/users", "/console/admin/grants");
}
