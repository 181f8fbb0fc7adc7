import type { AdminUserUpdate } from "@metabuild/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { answer, api } from "../../../lib/api/client.ts";
import { invalidateAdmin } from "./get-users.ts";

/** Changes a user's `disabled`, `admin` or `name`. */
export function useUpdateUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: number; change: AdminUserUpdate }) =>
      answer(api.PATCH("/console/admin/users/{id}", { params: { path: { id } }, body: change })),
    onSettled: () => invalidateAdmin(client),
  });
}
