import type { PasswordChange } from "@metabuild/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { meQueryKey } from "../../../api/get-me.ts";
import { apiText } from "../../../lib/api-client.ts";

/** POST /api/console/me/password; the refreshed `me` drops the one-time mark. */
export function useChangePassword() {
  const client = useQueryClient();
  return useMutation({
    // 204 without a body: read as text, not JSON.
    mutationFn: async (body: PasswordChange) => {
      await apiText("/api/console/me/password", { method: "POST", body });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: meQueryKey }),
  });
}
