import { QueryCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { meQueryKey } from "../api/get-me.ts";
import { isApiError } from "../lib/api-client.ts";
import { ThemeProvider } from "./theme.tsx";

export function createQueryClient(): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      // A 401 anywhere means the session ended: forget the user, and the
      // session guard sends them to the sign-in page.
      onError: (err, query) => {
        // Keys are ["get", path, …] (lib/api/client.ts): the path names the `me` query.
        if (isApiError(err, 401) && query.queryKey[1] !== meQueryKey[1])
          queryClient.setQueryData(meQueryKey, null);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Refusals (4xx) do not change by asking again.
        retry: (count, err) =>
          !(isApiError(err) && err.status >= 400 && err.status < 500) && count < 2,
      },
    },
  });
  return queryClient;
}

export function Providers({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={client}>
      <ThemeProvider>{children}</ThemeProvider>
    </QueryClientProvider>
  );
}
