import type { AdminUser, AdminUserUpdate } from "@metabuild/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";

/** PATCH /api/console/admin/users/:id { disabled?, admin?, name? }. */
export function useUpdateUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: number; change: AdminUserUpdate }) =>
      apiJson<AdminUser>(`/api/console/admin/users/${id}`, { method: "PATCH", body: change }),
    onSettled: () => client.invalidateQueries({ queryKey: ["admin"] }),
  });
}
