import type { InstanceEditing } from "@metabuild/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { answer, api } from "../../../lib/api/client.ts";
import { instanceEditingQueryOptions } from "./get-instance-editing.ts";
import { instanceVersionsKey } from "./get-instance-versions.ts";

/** POST …/versions/:version/restore: that version's content as a new version. */
export function useRestoreInstanceVersion(id: number) {
  const client = useQueryClient();
  return useMutation({
    // base_version: the current version the user saw (a newer one answers 409).
    mutationFn: ({ version, base_version }: { version: number; base_version: number }) =>
      answer(
        api.POST("/console/instances/{id}/versions/{version}/restore", {
          params: { path: { id, version } },
          body: { base_version },
        }),
      ) as Promise<InstanceEditing>,
    onSuccess: (editing) => {
      client.setQueryData(instanceEditingQueryOptions(id).queryKey, editing);
      void client.invalidateQueries({ queryKey: instanceVersionsKey(id) });
    },
  });
}
