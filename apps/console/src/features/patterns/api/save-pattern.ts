import type {
  PatternAuthoring,
  PatternDefinitionInput,
  PatternSaveResult,
} from "@metabuild/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";

/** PUT /api/console/patterns/:id; `dryRun` answers the invalid-instances count and stores nothing. */
export function savePattern(
  id: number,
  definition: PatternDefinitionInput,
  baseVersion: number,
  dryRun: boolean,
) {
  return apiJson<PatternSaveResult>(`/api/console/patterns/${id}`, {
    method: "PUT",
    query: dryRun ? { dry_run: "true" } : undefined,
    body: { ...definition, base_version: baseVersion },
  });
}

export function useSavePattern(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { definition: PatternDefinitionInput; baseVersion: number }) =>
      savePattern(id, v.definition, v.baseVersion, false),
    // Not awaited: the refetched definition would re-key the open editor before it navigates away.
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ["patterns"] });
    },
  });
}

/** POST /api/console/patterns: a new pattern at version 1. */
export function useCreatePattern() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (definition: PatternDefinitionInput) =>
      apiJson<PatternAuthoring>("/api/console/patterns", { method: "POST", body: definition }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ["patterns"] });
    },
  });
}
