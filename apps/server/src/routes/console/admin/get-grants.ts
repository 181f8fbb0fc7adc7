import { AdminGrantMatrix } from "@metabuild/contract";
import { defineOperation } from "../../../http/operation.ts";

export const getAdminGrants = defineOperation({
  method: "get",
  path: "/api/console/admin/grants",
  summary: "The grants matrix: users x projects x permissions (admins only)",
  tags: ["console"],
  response: AdminGrantMatrix,
});
