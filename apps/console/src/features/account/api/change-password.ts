import type { PasswordChange } from "@metabuild/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { meQueryKey } from "../../../api/get-me.ts";
import { apiJson } from "../../../lib/api-client.ts";

/** POST /api/console/me/password; the refreshed `me` drops the one-time mark. */
export function useChangePassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PasswordChange) =>
      apiJson<void>("/api/console/me/password", { method: "POST", body }),
    onSuccess: () => client.invalidateQueries({ queryKey: meQueryKey }),
  });
}
