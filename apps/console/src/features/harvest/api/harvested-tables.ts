import type { MetadataRequest } from "@metabuild/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { answer, api, queryKeyOf } from "../../../lib/api/client.ts";

export interface HarvestedTable {
  SCHEMA_NAME: string | null;
  TABLE_NAME: string;
  TABLE_TYPE: string;
  COLUMNS: number;
  COMMENT: string | null;
}

/** The tables a harvest brought, with their column counts (a SELECT on `<prefix>_TABLES`). */
export function harvestedTablesQueryOptions(projectId: number, prefix: string, runId: number) {
  const statement = `SELECT t.SCHEMA_NAME, t.TABLE_NAME, t.TABLE_TYPE, t.COMMENT,
  (SELECT COUNT(*) FROM @TABLES.${prefix}_COLUMNS c
    WHERE c.TABLE_NAME = t.TABLE_NAME AND c.SCHEMA_NAME IS t.SCHEMA_NAME) AS COLUMNS
FROM @TABLES.${prefix}_TABLES t ORDER BY t.SCHEMA_NAME, t.TABLE_NAME`;
  return queryOptions({
    queryKey: [...queryKeyOf("/v1/harvests/{id}"), { runId, projectId, prefix, tables: true }],
    queryFn: async ({ signal }) => {
      const result = await answer(
        api.POST("/v1/metadata", {
          body: { project_id: projectId, statement } satisfies MetadataRequest,
          signal,
        }),
      );
      if (result.status === "ERROR") throw new Error(result.error ?? "The query failed");
      return { statement, rows: result.rows as unknown as HarvestedTable[] };
    },
  });
}

export function useHarvestedTables(projectId: number, prefix: string, runId: number) {
  return useQuery(harvestedTablesQueryOptions(projectId, prefix, runId));
}
