import type { InstanceCreate } from "@metabuild/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { answer, api, invalidate } from "../../../lib/api/client.ts";
import { invalidateInstances } from "../../../api/invalidate-instances.ts";

/**
 * A new, empty instance, checked out to the
 * caller. The lists and the folder tree are refetched (the folder may be new).
 */
export function useCreateInstance() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: InstanceCreate) => answer(api.POST("/console/instances", { body })),
    onSuccess: () =>
      Promise.all([invalidateInstances(client), invalidate(client, "/v1/instance_folders")]),
  });
}
