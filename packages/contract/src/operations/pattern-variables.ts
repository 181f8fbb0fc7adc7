import {
  IdParam,
  PatternVariable,
  PatternVariableDefinition,
  PatternVariableQuery,
} from "../index.ts";
import { z } from "zod";
import { defineOperation } from "./operation.ts";

export const listPatternVariables = defineOperation({
  method: "get",
  path: "/api/v1/pattern_variables",
  summary: "Pattern variables, resolved through the cascade for a scope",
  description:
    "Without a scope: each definition with its default (level `default`). With `project`/`project_id`, `instance_folder`/`instance_folder_id` or `instance`/`instance_id`: each definition once for that scope, with the value resolved instance > folder (up the tree) > project > default and the scope ids of where it is defined. Folder paths and instance names need a project. `name` and `value` filter the resolved entries.",
  tags: ["patterns"],
  query: PatternVariableQuery,
  response: z.array(PatternVariable),
});

export const getPatternVariable = defineOperation({
  method: "get",
  path: "/api/v1/pattern_variables/:id",
  summary: "One pattern variable definition",
  tags: ["patterns"],
  params: IdParam,
  response: PatternVariableDefinition,
});
