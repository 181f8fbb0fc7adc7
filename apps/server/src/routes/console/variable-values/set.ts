import { PatternVariable, VariableValueSet } from "@metabuild/contract";
import { defineOperation } from "../../../http/operation.ts";

export const setVariableValue = defineOperation({
  method: "put",
  path: "/api/console/variable_values",
  summary: "Set a pattern variable's value at the project, a folder or an instance",
  description:
    "`folder` (a path) or `instance_id` names the place; neither: the project level. Replaces a " +
    "value set there before. Needs write_instances on the project. Answers the stored value with " +
    "its level, shaped like a pattern_variables entry. An unknown folder is 404, never created.",
  tags: ["console"],
  body: VariableValueSet,
  response: PatternVariable,
});
