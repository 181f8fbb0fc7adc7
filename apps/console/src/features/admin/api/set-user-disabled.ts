import type { AdminUser } from "@metabuild/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";

/** PATCH /api/console/admin/users/:id { disabled }. */
export function useSetUserDisabled() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, disabled }: { id: number; disabled: boolean }) =>
      apiJson<AdminUser>(`/api/console/admin/users/${id}`, {
        method: "PATCH",
        body: { disabled },
      }),
    onSettled: () => client.invalidateQueries({ queryKey: ["admin"] }),
  });
}
