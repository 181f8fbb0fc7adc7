import type { BuildCreateRequest } from "@metabuild/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { answer, api, invalidate } from "../../../lib/api/client.ts";

/** Starts a build: answers at once with the build's id; progress comes from the stream. */
export function useStartBuild() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BuildCreateRequest) => answer(api.POST("/v1/builds", { body })),
    onSuccess: () => invalidate(client, "/v1/builds"),
  });
}
