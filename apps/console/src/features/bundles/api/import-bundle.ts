import type { BundlePlan } from "@metabuild/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";
import { bundleMediaType } from "../bundle-format.ts";

export interface BundleImport {
  text: string;
  fileName?: string;
  dryRun: boolean;
}

/** POST /api/console/bundles: the plan (dry run) or the applied import (docs/bundles.md). */
export function importBundle({ text, fileName, dryRun }: BundleImport): Promise<BundlePlan> {
  return apiJson<BundlePlan>("/api/console/bundles", {
    method: "POST",
    query: dryRun ? { dry_run: "true" } : undefined,
    text: { body: text, type: bundleMediaType(text, fileName) },
  });
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
