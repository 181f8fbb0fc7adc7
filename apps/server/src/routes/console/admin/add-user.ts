import { AdminUserCreate, AdminUserWithPassword } from "@metabuild/contract";
import { defineOperation } from "../../../http/operation.ts";

export const addAdminUser = defineOperation({
  method: "post",
  path: "/api/console/admin/users",
  errors: [409],
  summary: "Add a user to the caller's customer (admins only)",
  description:
    "201 with the user. Without `password`, a one-time password is generated and carried once " +
    "in `one_time_password`. 400 naming `password` when too short; 409 when the e-mail is " +
    "taken; 403 for non-admins.",
  tags: ["console"],
  body: AdminUserCreate,
  response: AdminUserWithPassword,
  status: 201,
});
