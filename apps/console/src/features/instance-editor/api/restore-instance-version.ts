import type { InstanceEditing } from "@metabuild/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";
import { instanceEditingQueryOptions } from "./get-instance-editing.ts";
import { instanceVersionsKey } from "./get-instance-versions.ts";

/** POST …/versions/:version/restore: that version's content as a new version. */
export function useRestoreInstanceVersion(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (version: number) =>
      apiJson<InstanceEditing>(`/api/console/instances/${id}/versions/${version}/restore`, {
        method: "POST",
      }),
    onSuccess: (editing) => {
      client.setQueryData(instanceEditingQueryOptions(id).queryKey, editing);
      void client.invalidateQueries({ queryKey: instanceVersionsKey(id) });
    },
  });
}
