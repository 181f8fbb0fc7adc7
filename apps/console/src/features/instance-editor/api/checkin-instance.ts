import type { InstanceCheckin, InstanceEditing } from "@metabuild/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";
import { instanceEditingQueryOptions } from "./get-instance-editing.ts";
import { instanceVersionsKey } from "./get-instance-versions.ts";

/** POST …/checkin: commits the pending rows sent along (a version), then releases the checkout. */
export function useCheckinInstance(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: InstanceCheckin) =>
      apiJson<InstanceEditing>(`/api/console/instances/${id}/checkin`, { method: "POST", body }),
    onSuccess: (editing) => {
      client.setQueryData(instanceEditingQueryOptions(id).queryKey, editing);
      void client.invalidateQueries({ queryKey: instanceVersionsKey(id) });
    },
  });
}
