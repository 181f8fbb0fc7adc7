import type { InstanceCreate, InstanceEditing } from "@metabuild/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";

/**
 * POST /api/console/instances: a new, empty instance, checked out to the
 * caller. The lists and the folder tree are refetched (the folder may be new).
 */
export function useCreateInstance() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: InstanceCreate) =>
      apiJson<InstanceEditing>("/api/console/instances", { method: "POST", body }),
    onSuccess: (_created, body) =>
      Promise.all([
        client.invalidateQueries({ queryKey: ["instances"] }),
        client.invalidateQueries({ queryKey: ["instance-folders", body.project_id] }),
      ]),
  });
}
