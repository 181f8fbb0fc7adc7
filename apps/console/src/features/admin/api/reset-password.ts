import { useMutation, useQueryClient } from "@tanstack/react-query";
import { answer, api } from "../../../lib/api/client.ts";
import { invalidateAdmin } from "./get-users.ts";

/** Resets a user's password without giving one: a one-time one comes back once. */
export function useResetPassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      answer(
        api.POST("/console/admin/users/{id}/password", { params: { path: { id } }, body: {} }),
      ),
    onSettled: () => invalidateAdmin(client),
  });
}
