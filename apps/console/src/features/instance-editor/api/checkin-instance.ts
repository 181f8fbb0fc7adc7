import type { InstanceCheckin, InstanceEditing } from "@metabuild/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { answer, api } from "../../../lib/api/client.ts";
import { instanceEditingQueryOptions } from "./get-instance-editing.ts";
import { instanceVersionsKey } from "./get-instance-versions.ts";

/** POST …/checkin: commits the pending rows sent along (a version), then releases the checkout. */
export function useCheckinInstance(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: InstanceCheckin) =>
      answer(
        api.POST("/console/instances/{id}/checkin", { params: { path: { id } }, body }),
      ) as Promise<InstanceEditing>,
    onSuccess: (editing) => {
      client.setQueryData(instanceEditingQueryOptions(id).queryKey, editing);
      void client.invalidateQueries({ queryKey: instanceVersionsKey(id) });
    },
  });
}
