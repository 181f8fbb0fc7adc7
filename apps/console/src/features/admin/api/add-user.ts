import type { AdminUserCreate } from "@metabuild/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { answer, api } from "../../../lib/api/client.ts";
import { invalidateAdmin } from "./get-users.ts";

/** Adds a user; refreshes the users and the grants matrix. */
export function useAddUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminUserCreate) => answer(api.POST("/console/admin/users", { body })),
    onSuccess: () => invalidateAdmin(client),
  });
}
