import type { AdminUserWithPassword } from "@metabuild/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";

/** POST /api/console/admin/users/:id/password without a password: a one-time one comes back once. */
export function useResetPassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiJson<AdminUserWithPassword>(`/api/console/admin/users/${id}/password`, {
        method: "POST",
        body: {},
      }),
    onSettled: () => client.invalidateQueries({ queryKey: ["admin"] }),
  });
}
