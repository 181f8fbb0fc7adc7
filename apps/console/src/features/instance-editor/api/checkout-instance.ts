import type { InstanceEditing } from "@metabuild/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";
import { instanceEditingQueryOptions } from "./get-instance-editing.ts";

/** POST …/checkout: takes (or renews) the caller's checkout; answers the editor's view. */
export function useCheckoutInstance(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiJson<InstanceEditing>(`/api/console/instances/${id}/checkout`, { method: "POST" }),
    onSuccess: (editing) => client.setQueryData(instanceEditingQueryOptions(id).queryKey, editing),
  });
}
