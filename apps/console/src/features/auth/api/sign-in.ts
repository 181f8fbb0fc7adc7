import { useMutation, useQueryClient } from "@tanstack/react-query";
import { answer, api, rootBaseUrl } from "../../../lib/api/client.ts";
import { getMe, meQueryKey } from "../../../api/get-me.ts";

export interface Credentials {
  email: string;
  password: string;
}

/**
 * Signs in with the local strategy. The server answers our own origin with an
 * HttpOnly session cookie; the token in the body is deliberately not kept.
 */
export async function signIn({ email, password }: Credentials): Promise<void> {
  await answer(
    api.POST("/authentication", {
      baseUrl: rootBaseUrl,
      body: { strategy: "local", email, password },
    }),
  );
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: async () => {
      // Nothing cached for a previous user may show for this one.
      queryClient.clear();
      queryClient.setQueryData(meQueryKey, await getMe());
    },
  });
}
