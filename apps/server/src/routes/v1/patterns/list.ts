import { Pattern, PatternQuery } from "@metabuild/contract";
import { z } from "zod";
import { defineOperation } from "../../../http/operation.ts";

export const listPatterns = defineOperation({
  method: "get",
  path: "/api/v1/patterns",
  summary: "Patterns of the customer",
  tags: ["patterns"],
  query: PatternQuery,
  response: z.array(Pattern),
});
