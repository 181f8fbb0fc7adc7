import { z } from "zod";

/** Console admin pages: users and the grants matrix. Password hashes never leave the server. */
export const PermissionName = z.enum(["access", "write_instances", "read_builds", "write_builds"]);
export type PermissionName = z.infer<typeof PermissionName>;

export const AdminUser = z
  .object({
    id: z.number().int(),
    email: z.string(),
    admin: z.boolean(),
    disabled: z.boolean(),
    created_at: z.string(),
  })
  .meta({ id: "AdminUser" });
export type AdminUser = z.infer<typeof AdminUser>;

export const AdminUserList = z.object({ data: z.array(AdminUser) }).meta({ id: "AdminUserList" });
export type AdminUserList = z.infer<typeof AdminUserList>;

export const AdminUserCreate = z.strictObject({
  email: z.email(),
  password: z.string().min(8),
  admin: z.boolean().default(false),
});
export type AdminUserCreate = z.input<typeof AdminUserCreate>;

export const AdminUserUpdate = z.strictObject({ disabled: z.boolean() });
export type AdminUserUpdate = z.infer<typeof AdminUserUpdate>;

export const AdminGrant = z
  .object({ user_id: z.number().int(), project_id: z.number().int(), permission: PermissionName })
  .meta({ id: "AdminGrant" });
export type AdminGrant = z.infer<typeof AdminGrant>;

export const AdminGrantMatrix = z
  .object({
    users: z.array(AdminUser),
    projects: z.array(z.object({ id: z.number().int(), name: z.string() })),
    grants: z.array(AdminGrant),
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
