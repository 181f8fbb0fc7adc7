import type { BuildCreateRequest, BuildCreateResponse } from "@metabuild/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";

/** POST /api/v1/builds: answers at once with the build's id; progress comes from the stream. */
export function useStartBuild() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BuildCreateRequest) =>
      apiJson<BuildCreateResponse>("/api/v1/builds", { method: "POST", body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ["builds", "list"] }),
  });
}
