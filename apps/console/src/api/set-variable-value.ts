import type { PatternVariable, VariableValueSet } from "@metabuild/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../lib/api-client.ts";

/** PUT /api/console/variable_values: a value at the project, a folder or an instance. */
export function useSetVariableValue() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: VariableValueSet) =>
      apiJson<PatternVariable>("/api/console/variable_values", { method: "PUT", body }),
    // Every node below the place may change its value and source: reload all views.
    onSuccess: () => client.invalidateQueries({ queryKey: ["variables"] }),
  });
}
