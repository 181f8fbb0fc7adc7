import type { VariableValueSet } from "@metabuild/contract";
import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { answer, api, invalidate } from "../lib/api/client.ts";

/**
 * Every view a variable value shows in: the cascade, the pattern's
 * definitions and an instance's variables (below the place, every node may
 * change its value and source).
 */
export function invalidateVariables(client: QueryClient) {
  return invalidate(client, "/console/variables/cascade", "/v1/pattern_variables");
}

/** A value at the project, a folder or an instance (PUT variable_values). */
export function useSetVariableValue() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: VariableValueSet) => answer(api.PUT("/console/variable_values", { body })),
    onSuccess: () => invalidateVariables(client),
  });
}
