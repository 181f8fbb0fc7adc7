import type { InstanceRowsSave, InstanceSaveOutcome } from "@metabuild/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { answer, api } from "../../../lib/api/client.ts";
import { instanceEditingQueryOptions } from "./get-instance-editing.ts";
import { instanceVersionsKey } from "./get-instance-versions.ts";

/** PUT …/rows: the rows in their order become a new version (UNCHANGED when identical). */
export function useSaveInstanceRows(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: InstanceRowsSave) =>
      answer(
        api.PUT("/console/instances/{id}/rows", { params: { path: { id } }, body }),
      ) as Promise<InstanceSaveOutcome>,
    onSuccess: async () => {
      void client.invalidateQueries({ queryKey: instanceVersionsKey(id) });
      // The editor shows the saved version (and its stored issues) once it is back.
      await client.invalidateQueries({ queryKey: instanceEditingQueryOptions(id).queryKey });
    },
  });
}
