import type { AdminUser, AdminUserList } from "@metabuild/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";

/** The customer's users (admins only: others get a 403). */
export function adminUsersQueryOptions() {
  return queryOptions({
    queryKey: ["admin", "users"],
    queryFn: async ({ signal }): Promise<AdminUser[]> =>
      (await apiJson<AdminUserList>("/api/console/admin/users", { signal })).data,
    retry: false,
  });
}

export function useAdminUsers() {
  return useQuery(adminUsersQueryOptions());
}
