import { AdminUser, AdminUserCreate } from "@metabuild/contract";
import { defineOperation } from "../../../http/operation.ts";

export const addAdminUser = defineOperation({
  method: "post",
  path: "/api/console/admin/users",
  errors: [409],
  summary: "Add a user to the caller's customer (admins only)",
  description: "201 with the user; 409 when the e-mail is taken; 403 for non-admins.",
  tags: ["console"],
  body: AdminUserCreate,
  response: AdminUser,
  status: 201,
});
