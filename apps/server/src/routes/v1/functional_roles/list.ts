import { FunctionalRole, FunctionalRoleQuery } from "@metabuild/contract";
import { z } from "zod";
import { defineOperation } from "../../../http/operation.ts";

export const listFunctionalRoles = defineOperation({
  method: "get",
  path: "/api/v1/functional_roles",
  summary: "Non-deleted functional roles of the customer's patterns",
  description: "Filter by `pattern` (name) or `pattern_id`.",
  tags: ["patterns"],
  query: FunctionalRoleQuery,
  response: z.array(FunctionalRole),
});
