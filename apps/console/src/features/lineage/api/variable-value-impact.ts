import type { LineageImpact, VariableValueSet } from "@metabuild/contract";
import { useMutation } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";

/** PUT /api/console/variable_values?dry_run=true: what the save would change, nothing written. */
export function useVariableValueImpact() {
  return useMutation({
    mutationFn: (body: VariableValueSet) =>
      apiJson<LineageImpact>("/api/console/variable_values", {
        method: "PUT",
        query: { dry_run: "true" },
        body,
      }),
  });
}
