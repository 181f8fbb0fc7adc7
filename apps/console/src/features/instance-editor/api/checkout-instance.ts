import type { InstanceEditing } from "@metabuild/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { answer, api } from "../../../lib/api/client.ts";
import { instanceEditingQueryOptions } from "./get-instance-editing.ts";

/** POST …/checkout: takes (or renews) the caller's checkout; answers the editor's view. */
export function useCheckoutInstance(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      answer(
        api.POST("/console/instances/{id}/checkout", { params: { path: { id } } }),
      ) as Promise<InstanceEditing>,
    onSuccess: (editing) => client.setQueryData(instanceEditingQueryOptions(id).queryKey, editing),
  });
}
