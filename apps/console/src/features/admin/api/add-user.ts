import type { AdminUserCreate, AdminUserWithPassword } from "@metabuild/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";

/** POST /api/console/admin/users; refreshes the users and the grants matrix. */
export function useAddUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminUserCreate) =>
      apiJson<AdminUserWithPassword>("/api/console/admin/users", { method: "POST", body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ["admin"] }),
  });
}
