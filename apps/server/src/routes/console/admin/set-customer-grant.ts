import { AdminCustomerGrantSet } from "@metabuild/contract";
import { defineOperation } from "../../../http/operation.ts";

export const setAdminCustomerGrant = defineOperation({
  method: "put",
  path: "/api/console/admin/customer-grants",
  summary: "Grant or revoke one customer-wide permission of one user (admins only)",
  description:
    "`develop_patterns` lets a non-admin create and edit patterns (docs/identity.md). Idempotent; answers the cell as set.",
  tags: ["console"],
  body: AdminCustomerGrantSet,
  response: AdminCustomerGrantSet,
});
