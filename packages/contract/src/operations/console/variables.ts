import { VariableCascade, VariableCascadeQuery } from "../../index.ts";
import { defineOperation } from "../operation.ts";

const base = "/api/console/variables/cascade";

export const getVariableCascade = defineOperation({
  method: "get",
  path: base,
  summary: "One pattern variable over a project's tree (cascade viewer)",
  description:
    "Nodes project → folders → the pattern's instances, each with its effective value, the level " +
    "and place it comes from, whether it is set there, and the chain of values it overrides.",
  tags: ["console"],
  query: VariableCascadeQuery,
  response: VariableCascade,
});
