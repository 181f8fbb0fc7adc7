import type { BundlePlan } from "@metabuild/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { answer, api } from "../../../lib/api/client.ts";
import { bundleMediaType } from "../bundle-format.ts";

export interface BundleImport {
  text: string;
  fileName?: string;
  dryRun: boolean;
}

/** The plan (dry run) or the applied import (docs/bundles.md). */
export function importBundle({ text, fileName, dryRun }: BundleImport): Promise<BundlePlan> {
  return answer(
    api.POST("/console/bundles", {
      params: { query: dryRun ? { dry_run: "true" } : {} },
      // Sent as the user wrote it (YAML or JSON): the server parses and names lines.
      body: text as never,
      bodySerializer: (body: unknown) => body as string,
      headers: { "Content-Type": bundleMediaType(text, fileName) },
    }),
  );
}

/** Dry runs and imports; an applied import refreshes everything the console has loaded. */
export function useImportBundle() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: importBundle,
    onSuccess: (plan) => {
      if (plan.applied) void client.invalidateQueries();
    },
  });
}
