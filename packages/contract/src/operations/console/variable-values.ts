import { z } from "zod";
import {
  LineageImpact,
  PatternVariable,
  VariableValueRef,
  VariableValueSet,
  queryBoolean,
} from "../../index.ts";
import { defineOperation } from "../operation.ts";

export const clearVariableValue = defineOperation({
  method: "delete",
  path: "/api/console/variable_values",
  summary: "Remove the value set at one place; the cascade falls back to the next level",
  description:
    "The same keys as PUT, as query parameters. Needs write_instances on the project. Answers the " +
    "removed value with its level; 404 when no value is set there.",
  tags: ["console"],
  query: VariableValueRef,
  response: PatternVariable,
});

export const setVariableValue = defineOperation({
  method: "put",
  path: "/api/console/variable_values",
  summary: "Set a pattern variable's value at the project, a folder or an instance",
  description:
    "`folder` (a path) or `instance_id` names the place; neither: the project level. Replaces a " +
    "value set there before. Needs write_instances on the project. Answers the stored value with " +
    "its level, shaped like a pattern_variables entry. An unknown folder is 404, never created. " +
    "With `dry_run=true` nothing is written and the answer is the change's impact (docs/lineage.md " +
    '"Impact"): the instances whose files change, a sample diff, the deployments affected; ' +
    "413 when it touches more than METABUILD_IMPACT_MAX_INSTANCES instances.",
  tags: ["console"],
  query: z.object({ dry_run: queryBoolean.optional() }),
  body: VariableValueSet,
  response: z.union([PatternVariable, LineageImpact]),
});
