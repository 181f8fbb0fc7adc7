import type { PatternDefinitionInput } from "@metabuild/contract";
import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { answer, api, invalidate } from "../../../lib/api/client.ts";

/** Saves a definition; `dryRun` answers the invalid-instances count and stores nothing. */
export function savePattern(
  id: number,
  definition: PatternDefinitionInput,
  baseVersion: number,
  dryRun: boolean,
) {
  return answer(
    api.PUT("/console/patterns/{id}", {
      params: { path: { id }, query: dryRun ? { dry_run: "true" } : {} },
      // The generated schema makes defaulted fields (`deployments: []`) required; the
      // contract's input type, which the server parses with, is the one to follow.
      body: { ...definition, base_version: baseVersion } as never,
    }),
  );
}

/** Everything shown of patterns: the lists, a pattern, its definition, templates and versions. */
function invalidatePatterns(client: QueryClient) {
  return invalidate(
    client,
    "/v1/patterns",
    "/v1/patterns/{id}",
    "/console/patterns/{id}",
    "/console/patterns/{id}/templates",
    "/console/patterns/{id}/versions",
  );
}

export function useSavePattern(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { definition: PatternDefinitionInput; baseVersion: number }) =>
      savePattern(id, v.definition, v.baseVersion, false),
    // Not awaited: the refetched definition would re-key the open editor before it navigates away.
    onSuccess: () => {
      void invalidatePatterns(client);
    },
  });
}

/** A new pattern at version 1. */
export function useCreatePattern() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (definition: PatternDefinitionInput) =>
      answer(api.POST("/console/patterns", { body: definition as never })),
    onSuccess: () => {
      void invalidatePatterns(client);
    },
  });
}
