import { AdminPasswordReset, AdminUserWithPassword, IdParam } from "@metabuild/contract";
import { defineOperation } from "../../../http/operation.ts";

export const resetAdminUserPassword = defineOperation({
  method: "post",
  path: "/api/console/admin/users/:id/password",
  summary: "Reset a user's password (admins only)",
  description:
    "Sets the given password, or without one generates a one-time password that this answer " +
    "carries once (`one_time_password`); the user must change it. 400 naming `password` when " +
    "too short; 404 for a user of another customer.",
  tags: ["console"],
  params: IdParam,
  body: AdminPasswordReset,
  response: AdminUserWithPassword,
});
