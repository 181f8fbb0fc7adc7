import type { MetadataRunRequest } from "@metabuild/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { answer, api } from "../../../lib/api/client.ts";
import { historyKey } from "./get-history.ts";
import { scriptRunsKey } from "./get-script-history.ts";
import { schemaKey } from "./get-schema.ts";

/**
 * Runs a statement: the v1 result plus the error's position.
 * Every run (finished or not) lands in the history, so it is fetched again;
 * a write may change the schema (CREATE/DROP TABLE), so that is too. A run
 * from a saved script names it, so it lands in that script's runs as well.
 */
export function useRunStatement(projectId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ statement, scriptId }: { statement: string; scriptId?: number }) =>
      answer(
        api.POST("/console/metadata/run", {
          body: {
            project_id: projectId,
            statement,
            script_id: scriptId,
          } satisfies MetadataRunRequest,
        }),
      ),
    onSettled: (result, _, { scriptId }) => {
      void client.invalidateQueries({ queryKey: historyKey });
      if (scriptId !== undefined)
        void client.invalidateQueries({ queryKey: scriptRunsKey(scriptId) });
      if (result && result.type !== "select_statement")
        void client.invalidateQueries({ queryKey: schemaKey });
    },
  });
}
