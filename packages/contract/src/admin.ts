import { z } from "zod";

/** Console admin pages: users and the grants matrix. Password hashes never leave the server. */
export const PermissionName = z.enum(["access", "write_instances", "read_builds", "write_builds"]);
export type PermissionName = z.infer<typeof PermissionName>;

export const AdminUser = z
  .object({
    id: z.number().int(),
    email: z.string(),
    name: z.string().nullable(),
    admin: z.boolean(),
    disabled: z.boolean(),
    created_at: z.string(),
    /** ISO 8601 time of the last password sign-in; null before the first. */
    last_sign_in_at: z.string().nullable(),
    /** The password is a one-time password the user must replace. */
    must_change_password: z.boolean(),
  })
  .meta({ id: "AdminUser" });
export type AdminUser = z.infer<typeof AdminUser>;

export const AdminUserList = z.object({ data: z.array(AdminUser) }).meta({ id: "AdminUserList" });
export type AdminUserList = z.infer<typeof AdminUserList>;

/** `?q=` finds users whose e-mail or name contains the text. */
export const AdminUserQuery = z.object({ q: z.string().trim().max(200).optional() });
export type AdminUserQuery = z.infer<typeof AdminUserQuery>;

// The server checks a password's length against METABUILD_PASSWORD_MIN_LENGTH.
const UserName = z.string().trim().max(200);

/** Without `password`, the server generates a one-time password and answers it once. */
export const AdminUserCreate = z.strictObject({
  email: z.email(),
  name: UserName.optional(),
  password: z.string().optional(),
  admin: z.boolean().default(false),
});
export type AdminUserCreate = z.input<typeof AdminUserCreate>;

/** A user as created or reset; `one_time_password` appears only in this answer. */
export const AdminUserWithPassword = AdminUser.extend({
  one_time_password: z.string().optional(),
}).meta({ id: "AdminUserWithPassword" });
export type AdminUserWithPassword = z.infer<typeof AdminUserWithPassword>;

export const AdminUserUpdate = z
  .strictObject({
    disabled: z.boolean().optional(),
    admin: z.boolean().optional(),
    name: UserName.nullable().optional(),
  })
  .refine((u) => Object.keys(u).length > 0, {
    message: "Give at least one of disabled, admin, name",
  });
export type AdminUserUpdate = z.infer<typeof AdminUserUpdate>;

/** Without `password`, the server generates a one-time password and answers it once. */
export const AdminPasswordReset = z.strictObject({ password: z.string().optional() });
export type AdminPasswordReset = z.infer<typeof AdminPasswordReset>;

/** A user's own password change (POST /api/console/me/password). */
export const PasswordChange = z.strictObject({
  current_password: z.string().min(1),
  new_password: z.string(),
});
export type PasswordChange = z.infer<typeof PasswordChange>;

export const AdminGrant = z
  .object({ user_id: z.number().int(), project_id: z.number().int(), permission: PermissionName })
  .meta({ id: "AdminGrant" });
export type AdminGrant = z.infer<typeof AdminGrant>;

/** Customer-wide permissions, not tied to a project (docs/identity.md). */
export const CustomerPermissionName = z.enum(["develop_patterns"]);
export type CustomerPermissionName = z.infer<typeof CustomerPermissionName>;

export const AdminCustomerGrant = z
  .object({ user_id: z.number().int(), permission: CustomerPermissionName })
  .meta({ id: "AdminCustomerGrant" });
export type AdminCustomerGrant = z.infer<typeof AdminCustomerGrant>;

export const AdminGrantMatrix = z
  .object({
    users: z.array(AdminUser),
    projects: z.array(z.object({ id: z.number().int(), name: z.string() })),
    grants: z.array(AdminGrant),
    customer_grants: z.array(AdminCustomerGrant),
  })
  .meta({ id: "AdminGrantMatrix" });
export type AdminGrantMatrix = z.infer<typeof AdminGrantMatrix>;

export const AdminGrantSet = z.strictObject({
  user_id: z.number().int(),
  project_id: z.number().int(),
  permission: PermissionName,
  granted: z.boolean(),
});
export type AdminGrantSet = z.infer<typeof AdminGrantSet>;

/** PUT /api/console/admin/customer-grants: one customer-wide permission of one user. */
export const AdminCustomerGrantSet = z.strictObject({
  user_id: z.number().int(),
  permission: CustomerPermissionName,
  granted: z.boolean(),
});
export type AdminCustomerGrantSet = z.infer<typeof AdminCustomerGrantSet>;
