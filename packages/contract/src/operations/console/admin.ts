import {
  AdminCustomerGrantSet,
  AdminGrantMatrix,
  AdminGrantSet,
  AdminPasswordReset,
  AdminUser,
  AdminUserCreate,
  AdminUserList,
  AdminUserQuery,
  AdminUserUpdate,
  AdminUserWithPassword,
  IdParam,
} from "../../index.ts";
import { defineOperation } from "../operation.ts";

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

export const getAdminGrants = defineOperation({
  method: "get",
  path: "/api/console/admin/grants",
  summary: "The grants matrix: users x projects x permissions (admins only)",
  tags: ["console"],
  response: AdminGrantMatrix,
});

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
