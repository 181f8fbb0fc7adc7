import type { InstanceDetailsSave, InstanceEditing } from "@metabuild/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { invalidateInstances } from "../../../api/invalidate-instances.ts";
import { answer, api, invalidate } from "../../../lib/api/client.ts";
import { instanceEditingQueryOptions } from "./get-instance-editing.ts";
import { instanceVersionsKey } from "./get-instance-versions.ts";

/** PATCH …/:id: description, labels and flags as a new version; answers the editor's view. */
export function useSaveInstanceDetails(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: InstanceDetailsSave) =>
      answer(
        api.PATCH("/console/instances/{id}", { params: { path: { id } }, body }),
      ) as Promise<InstanceEditing>,
    onSuccess: (editing) => {
      client.setQueryData(instanceEditingQueryOptions(id).queryKey, editing);
      // Lists show labels and flags as badges.
      void client.invalidateQueries({ queryKey: instanceVersionsKey(id) });
      void invalidateInstances(client);
      void invalidate(client, "/v1/labels");
    },
  });
}
