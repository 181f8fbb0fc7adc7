import { PatternVariable, VariableValueRef } from "@metabuild/contract";
import { defineOperation } from "../../../http/operation.ts";

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
