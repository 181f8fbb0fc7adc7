import {
  IdParam,
  ScriptRun,
  ScriptRunsQuery,
  ScriptVersion,
  ScriptVersionParams,
  ScriptVersionWithBody,
} from "@metabuild/contract";
import { z } from "zod";
import { defineOperation } from "../../../../http/operation.ts";

export const listScriptVersions = defineOperation({
  method: "get",
  path: "/api/console/metadata/scripts/:id/versions",
  summary: "A script's saved versions, newest first (who, when, name and folder then)",
  tags: ["console"],
  params: IdParam,
  response: z.array(ScriptVersion),
});

export const getScriptVersion = defineOperation({
  method: "get",
  path: "/api/console/metadata/scripts/:id/versions/:version",
  summary: "One saved version of a script with its body",
  tags: ["console"],
  params: ScriptVersionParams,
  response: ScriptVersionWithBody,
});

export const listScriptRuns = defineOperation({
  method: "get",
  path: "/api/console/metadata/scripts/:id/runs",
  summary: "The script's run history (every user's runs from it), newest first",
  description:
    "A run is recorded against a script when `POST /api/console/metadata/run` names it in " +
    "`script_id`. `$limit` defaults to 50 (at most 500).",
  tags: ["console"],
  params: IdParam,
  query: ScriptRunsQuery,
  response: z.array(ScriptRun),
});
