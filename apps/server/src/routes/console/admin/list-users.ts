import { AdminUserList } from "@metabuild/contract";
import { defineOperation } from "../../../http/operation.ts";

export const listAdminUsers = defineOperation({
  method: "get",
  path: "/api/console/admin/users",
  summary: "Users of the caller's customer (admins only)",
  description: "403 for non-admins. Never carries password hashes.",
  tags: ["console"],
  response: AdminUserList,
});
