import { useMutation } from "@tanstack/react-query";
import { saveFile } from "../../../lib/api-client.ts";
import { api, download } from "../../../lib/api/client.ts";
import type { QueryValue } from "../../../lib/query-string.ts";

/**
 * What to export: the list's filters (`instanceFilterQuery`), or, for a
 * selection, the project and the checked instance ids.
 */
export type ExportRequest =
  | { kind: "filter"; filter: Record<string, QueryValue> }
  | { kind: "selection"; projectId: number; ids: number[] };

/** The query of the export operation for a request. */
export function exportQuery(req: ExportRequest): Record<string, QueryValue> {
  if (req.kind === "filter") return req.filter;
  // Comma-separated: a selection of hundreds of ids stays a short URL.
  return { project_id: req.projectId, ids: req.ids.join(",") };
}

/**
 * Downloads the instances as an .xlsx workbook (one sheet per pattern), saved
 * under the name the server gives in Content-Disposition.
 */
export function useExportInstances() {
  return useMutation({
    mutationFn: async (req: ExportRequest) => {
      const file = await download(
        api.GET("/console/instances/export", {
          params: { query: exportQuery(req) as never },
          parseAs: "blob",
        }),
        "instances.xlsx",
      );
      saveFile(file);
      return file.filename;
    },
  });
}
