import type { TableLoadMode, TableLoadResult } from "@metabuild/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiUpload } from "../../../lib/api-client.ts";
import { operationUrl } from "../../../lib/api/client.ts";
import { schemaKey } from "./get-schema.ts";

/** What the "Load table" dialog sends (docs/metadata-tables.md "Loading"). */
export interface TableLoadRequest {
  projectId: number;
  table: string;
  file: File;
  mode: TableLoadMode;
  /** `,` `;` `tab` `|`; undefined: detected. */
  delimiter?: string;
  /** XLSX: the sheet; undefined: the first. */
  sheet?: string;
  /** Stated types by column name; others are inferred. */
  types: Record<string, string>;
  dryRun?: boolean;
}

/** A table name from a file name: `crm customers.csv` → `crm_customers`. */
export function tableNameOf(fileName: string): string {
  const base = fileName.replace(/\.[^.]*$/, "").replace(/[^\p{L}\p{N}_]+/gu, "_");
  const trimmed = base.replace(/^_+|_+$/g, "").slice(0, 64);
  return /^[\p{L}_]/u.test(trimmed) ? trimmed : `T_${trimmed}`.slice(0, 64);
}

export function loadTablePath(req: TableLoadRequest): string {
  const types = Object.entries(req.types)
    .map(([name, type]) => `${name}:${type}`)
    .join(",");
  return operationUrl(
    "/console/metadata/tables/{name}/load",
    { name: req.table },
    {
      project_id: req.projectId,
      mode: req.mode,
      delimiter: req.delimiter,
      sheet: req.sheet,
      types,
      dry_run: req.dryRun ? "true" : undefined,
    },
  );
}

/**
 * Loads a file into a table, as multipart. A real load
 * refreshes the editor's table list (completion).
 */
export function useLoadTable() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (req: TableLoadRequest) => {
      const form = new FormData();
      form.append("file", req.file, req.file.name);
      return apiUpload<TableLoadResult>(loadTablePath(req), form);
    },
    onSuccess: (_result, req) =>
      req.dryRun ? undefined : client.invalidateQueries({ queryKey: schemaKey }),
  });
}
