import type { AdminUser, AdminUserList } from "@metabuild/contract";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";

/** The customer's users whose e-mail or name contains `search` (admins only: others get a 403). */
export function adminUsersQueryOptions(search = "") {
  const query = search ? `?q=${encodeURIComponent(search)}` : "";
  return queryOptions({
    queryKey: ["admin", "users", search],
    queryFn: async ({ signal }): Promise<AdminUser[]> =>
      (await apiJson<AdminUserList>(`/api/console/admin/users${query}`, { signal })).data,
    retry: false,
    placeholderData: keepPreviousData,
  });
}

export function useAdminUsers(search = "") {
  return useQuery(adminUsersQueryOptions(search));
}
