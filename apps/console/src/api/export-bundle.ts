import { useMutation } from "@tanstack/react-query";
import { saveFile } from "../lib/api-client.ts";
import { api, download } from "../lib/api/client.ts";

/**
 * The project's bundle (YAML), saved as a file (docs/bundles.md). Shared:
 * the projects page offers it.
 */
export function useExportBundle() {
  return useMutation({
    mutationFn: async (project: string) =>
      saveFile(
        await download(
          api.GET("/console/bundles/export", { params: { query: { project } }, parseAs: "blob" }),
          `${project}.bundle.yaml`,
        ),
      ),
  });
}
