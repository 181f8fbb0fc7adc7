import { AdminUserList, AdminUserQuery } from "@metabuild/contract";
import { defineOperation } from "../../../http/operation.ts";

export const listAdminUsers = defineOperation({
  method: "get",
  path: "/api/console/admin/users",
  summary: "Users of the caller's customer, by e-mail (admins only)",
  description:
    "`q` keeps users whose e-mail or name contains it. 403 for non-admins. Never carries password hashes.",
  tags: ["console"],
  query: AdminUserQuery,
  response: AdminUserList,
});
