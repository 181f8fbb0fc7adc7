import { useMutation, useQueryClient } from "@tanstack/react-query";
import { isApiError } from "../../../lib/api-client.ts";
import { answer, api, rootBaseUrl } from "../../../lib/api/client.ts";
import { meQueryKey } from "../../../api/get-me.ts";

/** Ends the session: the server revokes the token and clears the cookie. */
export async function signOut(): Promise<void> {
  try {
    await answer(api.DELETE("/authentication", { baseUrl: rootBaseUrl }));
  } catch (err) {
    // Already signed out (expired or revoked): the goal is reached.
    if (!isApiError(err, 401)) throw err;
  }
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSuccess: () => {
      queryClient.clear();
      queryClient.setQueryData(meQueryKey, null);
    },
  });
}
