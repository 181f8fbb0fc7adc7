import type { PasswordChange } from "@metabuild/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { answer, api, invalidate } from "../../../lib/api/client.ts";

/** Changes the own password (204); the refreshed `me` drops the one-time mark. */
export function useChangePassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: PasswordChange) => {
      await answer(api.POST("/console/me/password", { body }));
    },
    onSuccess: () => invalidate(client, "/console/me"),
  });
}
