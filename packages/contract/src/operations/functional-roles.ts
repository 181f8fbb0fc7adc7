import { FunctionalRole, FunctionalRoleQuery, IdParam } from "../index.ts";
import { z } from "zod";
import { defineOperation } from "./operation.ts";

export const listFunctionalRoles = defineOperation({
  method: "get",
  path: "/api/v1/functional_roles",
  summary: "Non-deleted functional roles of the customer's patterns",
  description: "Filter by `pattern` (name) or `pattern_id`.",
  tags: ["patterns"],
  query: FunctionalRoleQuery,
  response: z.array(FunctionalRole),
});

export const getFunctionalRole = defineOperation({
  method: "get",
  path: "/api/v1/functional_roles/:id",
  summary: "One functional role",
  tags: ["patterns"],
  params: IdParam,
  response: FunctionalRole,
});
