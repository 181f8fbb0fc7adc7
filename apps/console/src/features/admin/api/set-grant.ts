import type { AdminGrantMatrix, AdminGrantSet } from "@metabuild/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { answer, api } from "../../../lib/api/client.ts";
import { grantsQueryKey } from "./get-grants.ts";

function sameCell(a: Omit<AdminGrantSet, "granted">, b: Omit<AdminGrantSet, "granted">) {
  return a.user_id === b.user_id && a.project_id === b.project_id && a.permission === b.permission;
}

/** Sets one checkbox cell, shown at once and rolled back on failure. */
export function useSetGrant() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (cell: AdminGrantSet) => answer(api.PUT("/console/admin/grants", { body: cell })),
    onMutate: async (cell) => {
      await client.cancelQueries({ queryKey: grantsQueryKey });
      const before = client.getQueryData<AdminGrantMatrix>(grantsQueryKey);
      if (before) {
        const others = before.grants.filter((g) => !sameCell(g, cell));
        const { granted, ...grant } = cell;
        client.setQueryData(grantsQueryKey, {
          ...before,
          grants: granted ? [...others, grant] : others,
        });
      }
      return { before };
    },
    onError: (_err, _cell, context) => {
      if (context?.before) client.setQueryData(grantsQueryKey, context.before);
    },
    onSettled: () => client.invalidateQueries({ queryKey: grantsQueryKey }),
  });
}
