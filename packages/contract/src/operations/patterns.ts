import { IdParam, Pattern, PatternQuery } from "../index.ts";
import { z } from "zod";
import { defineOperation } from "./operation.ts";

export const listPatterns = defineOperation({
  method: "get",
  path: "/api/v1/patterns",
  summary: "Patterns of the customer",
  tags: ["patterns"],
  query: PatternQuery,
  response: z.array(Pattern),
});

export const getPattern = defineOperation({
  method: "get",
  path: "/api/v1/patterns/:id",
  summary: "One pattern",
  tags: ["patterns"],
  params: IdParam,
  response: Pattern,
});
