import type { MetadataRequest } from "@metabuild/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { answer, api } from "../../../lib/api/client.ts";
import { invalidateInstances } from "../../../api/invalidate-instances.ts";

/**
 * A metadata run for the flow's steps: the probe (a SELECT),
 * the plan (`dry_run: true`, writes nothing) and Apply (the real INSERT).
 */
export function runGenerate(projectId: number, statement: string, dryRun = false) {
  return answer(
    api.POST("/console/metadata/run", {
      body: {
        project_id: projectId,
        statement,
        ...(dryRun ? { dry_run: true } : {}),
      } satisfies MetadataRequest,
    }),
  );
}

/** Apply: instances change, so every cached instance list is fetched again. */
export function useApplyGenerate(projectId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (statement: string) => runGenerate(projectId, statement),
    onSuccess: () => void invalidateInstances(client),
  });
}
