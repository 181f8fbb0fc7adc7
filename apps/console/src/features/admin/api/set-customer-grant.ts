import type { AdminCustomerGrantSet } from "@metabuild/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";
import { grantsQueryKey } from "./get-grants.ts";

/** PUT /api/console/admin/customer-grants: the matrix's "Develop patterns" cell of one user. */
export function useSetCustomerGrant() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (cell: AdminCustomerGrantSet) =>
      apiJson<AdminCustomerGrantSet>("/api/console/admin/customer-grants", {
        method: "PUT",
        body: cell,
      }),
    onSettled: () => client.invalidateQueries({ queryKey: grantsQueryKey }),
  });
}
