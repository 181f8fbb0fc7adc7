import { useMutation, useQueryClient } from "@tanstack/react-query";
import { answer, api } from "../../../lib/api/client.ts";
import { buildQueryOptions } from "./get-builds.ts";

/** Cancels a queued or running build. */
export function useCancelBuild(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => answer(api.POST("/console/builds/{id}/cancel", { params: { path: { id } } })),
    onSettled: () => client.invalidateQueries({ queryKey: buildQueryOptions(id).queryKey }),
  });
}
