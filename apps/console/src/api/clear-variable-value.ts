import type { PatternVariable, VariableValueRef } from "@metabuild/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../lib/api-client.ts";

/** DELETE /api/console/variable_values: removes the value at one place; the cascade falls back. */
export function useClearVariableValue() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (place: VariableValueRef) =>
      apiJson<PatternVariable>("/api/console/variable_values", {
        method: "DELETE",
        query: { ...place },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ["variables"] }),
  });
}
