import type { VariableValueRef } from "@metabuild/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { answer, api } from "../lib/api/client.ts";
import { invalidateVariables } from "./set-variable-value.ts";

/** Removes the value at one place (DELETE variable_values); the cascade falls back. */
export function useClearVariableValue() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (place: VariableValueRef) =>
      answer(api.DELETE("/console/variable_values", { params: { query: { ...place } } })),
    onSuccess: () => invalidateVariables(client),
  });
}
