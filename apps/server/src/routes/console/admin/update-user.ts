import { AdminUser, AdminUserUpdate, IdParam } from "@metabuild/contract";
import { defineOperation } from "../../../http/operation.ts";

export const updateAdminUser = defineOperation({
  method: "patch",
  path: "/api/console/admin/users/:id",
  summary: "Disable or enable a user, make or unmake an admin, rename (admins only)",
  description:
    "A disabled user's tokens and sessions stop working at once. 400 when disabling or " +
    "demoting oneself.",
  tags: ["console"],
  params: IdParam,
  body: AdminUserUpdate,
  response: AdminUser,
});
