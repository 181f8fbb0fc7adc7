import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";
import { buildQueryOptions } from "./get-builds.ts";

/** POST /api/console/builds/:id/cancel. */
export function useCancelBuild(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<unknown>(`/api/console/builds/${id}/cancel`, { method: "POST" }),
    onSettled: () => client.invalidateQueries({ queryKey: buildQueryOptions(id).queryKey }),
  });
}
