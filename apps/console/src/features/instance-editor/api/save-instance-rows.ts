import type { InstanceRowsSave, InstanceSaveOutcome } from "@metabuild/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";
import { instanceEditingQueryOptions } from "./get-instance-editing.ts";
import { instanceVersionsKey } from "./get-instance-versions.ts";

/** PUT …/rows: the rows in their order become a new version (UNCHANGED when identical). */
export function useSaveInstanceRows(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: InstanceRowsSave) =>
      apiJson<InstanceSaveOutcome>(`/api/console/instances/${id}/rows`, { method: "PUT", body }),
    onSuccess: async () => {
      void client.invalidateQueries({ queryKey: instanceVersionsKey(id) });
      // The editor shows the saved version (and its stored issues) once it is back.
      await client.invalidateQueries({ queryKey: instanceEditingQueryOptions(id).queryKey });
    },
  });
}
