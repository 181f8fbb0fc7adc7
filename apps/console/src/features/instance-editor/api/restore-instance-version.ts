import type { InstanceEditing } from "@metabuild/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";
import { instanceEditingQueryOptions } from "./get-instance-editing.ts";
import { instanceVersionsKey } from "./get-instance-versions.ts";

/** POST …/versions/:version/restore: that version's content as a new version. */
export function useRestoreInstanceVersion(id: number) {
  const client = useQueryClient();
  return useMutation({
    // base_version: the current version the user saw (a newer one answers 409).
    mutationFn: ({ version, base_version }: { version: number; base_version: number }) =>
      apiJson<InstanceEditing>(`/api/console/instances/${id}/versions/${version}/restore`, {
        method: "POST",
        body: { base_version },
      }),
    onSuccess: (editing) => {
      client.setQueryData(instanceEditingQueryOptions(id).queryKey, editing);
      void client.invalidateQueries({ queryKey: instanceVersionsKey(id) });
    },
  });
}
