import { useMutation } from "@tanstack/react-query";
import { apiDownload, saveFile } from "../lib/api-client.ts";

/**
 * GET /api/console/bundles/export?project=NAME: the project's bundle (YAML),
 * saved as a file (docs/bundles.md). Shared: the projects page offers it.
 */
export function useExportBundle() {
  return useMutation({
    mutationFn: async (project: string) =>
      saveFile(
        await apiDownload("/api/console/bundles/export", {
          query: { project },
          fallbackName: `${project}.bundle.yaml`,
        }),
      ),
  });
}
