import type { LineageImpact, VariableValueSet } from "@metabuild/contract";
import { useMutation } from "@tanstack/react-query";
import { answer, api } from "../../../lib/api/client.ts";

/** A variable value save with dry_run=true: what it would change, nothing written. */
export function useVariableValueImpact() {
  return useMutation({
    mutationFn: (body: VariableValueSet) =>
      answer(
        api.PUT("/console/variable_values", { params: { query: { dry_run: "true" } }, body }),
      ) as Promise<LineageImpact>,
  });
}
