import type { AdminCustomerGrantSet } from "@metabuild/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { answer, api } from "../../../lib/api/client.ts";
import { grantsQueryKey } from "./get-grants.ts";

/** Sets the matrix's "Develop patterns" cell of one user. */
export function useSetCustomerGrant() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (cell: AdminCustomerGrantSet) =>
      answer(api.PUT("/console/admin/customer-grants", { body: cell })),
    onSettled: () => client.invalidateQueries({ queryKey: grantsQueryKey }),
  });
}
