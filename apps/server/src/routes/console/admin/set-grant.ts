import { AdminGrantSet } from "@metabuild/contract";
import { defineOperation } from "../../../http/operation.ts";

export const setAdminGrant = defineOperation({
  method: "put",
  path: "/api/console/admin/grants",
  summary: "Grant or revoke one permission of one user on one project (admins only)",
  description:
    "Idempotent; answers the cell as set. 404 for a user or project of another customer.",
  tags: ["console"],
  body: AdminGrantSet,
  response: AdminGrantSet,
});
