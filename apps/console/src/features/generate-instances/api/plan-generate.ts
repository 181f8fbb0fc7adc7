import type { MetadataRunResult } from "@metabuild/contract";
import { useMutation } from "@tanstack/react-query";
import {
  type GeneratePlan,
  type GenerateSource,
  generatePlan,
  probeStatement,
} from "../generate-statement.ts";
import { runGenerate } from "./run-generate.ts";

export interface PlanRequest {
  pattern: string;
  patternColumns: string[];
  source: GenerateSource;
}

export interface PlanOutcome {
  columns?: GeneratePlan;
  /** The dry run's answer (status FINISHED with `plan`, or the refusal). */
  result?: MetadataRunResult;
  /** Why no plan could be made (the source failed, or yields no @INSTANCE). */
  error?: string;
}

/** Probe the source's columns, build the INSERT, dry-run it: nothing is written. */
export function usePlanGenerate(projectId: number) {
  return useMutation({
    mutationFn: async (req: PlanRequest): Promise<PlanOutcome> => {
      const probe = await runGenerate(projectId, probeStatement(req.source));
      if (probe.status === "ERROR") return { error: probe.error ?? "The source failed" };
      const names = probe.metadata.map((c) => c.name);
      const columns = generatePlan(req.pattern, req.patternColumns, req.source, names);
      if (!columns.statement)
        return {
          columns,
          error: "The source yields no @INSTANCE column: name each row's instance (and @FOLDER).",
        };
      return { columns, result: await runGenerate(projectId, columns.statement, true) };
    },
  });
}
