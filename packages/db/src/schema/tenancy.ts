import { sql } from "drizzle-orm";
import {
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";
import { wideInteger } from "./wide-integer.ts";

// Timestamps are ISO 8601 strings; flags are 0/1 integers (SQLite has no boolean).
export const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

export const customers = sqliteTable("customers", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull().unique(),
  createdAt: text("created_at").notNull().default(now),
});

export const users = sqliteTable(
  "users",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id),
    // Stored lower-cased: e-mails are unique case-insensitively.
    email: text("email").notNull().unique(),
    name: text("name"),
    passwordHash: text("password_hash").notNull(),
    admin: integer("admin").notNull().default(0),
    disabled: integer("disabled").notNull().default(0),
    createdAt: text("created_at").notNull().default(now),
    /** Set at each successful password sign-in; null until the first (docs/users-and-access.md). */
    lastSignInAt: text("last_sign_in_at"),
    /** 1 while the password is a one-time password an admin generated (docs/users-and-access.md). */
    mustChangePassword: integer("must_change_password").notNull().default(0),
  },
  (t) => [index("users_customer").on(t.customerId)],
);

export const projects = sqliteTable(
  "projects",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id),
    name: text("name").notNull(),
    deleted: integer("deleted").notNull().default(0),
    disabled: integer("disabled").notNull().default(0),
  },
  (t) => [uniqueIndex("projects_customer_name").on(t.customerId, t.name)],
);

/** Per (user, project) permission: access, write_instances, read_builds, write_builds. */
export const grants = sqliteTable(
  "grants",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    permission: text("permission").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.projectId, t.permission] })],
);

/** Tokens signed out through DELETE /authentication, kept until they expire. */
export const revokedTokens = sqliteTable("revoked_tokens", {
  jti: text("jti").primaryKey(),
  expiresAt: wideInteger("expires_at").notNull(),
});

export const releaseGroups = sqliteTable(
  "release_groups",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id),
    name: text("name").notNull(),
  },
  (t) => [uniqueIndex("release_groups_customer_name").on(t.customerId, t.name)],
);

export const releases = sqliteTable(
  "releases",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    releaseGroupId: integer("release_group_id")
      .notNull()
      .references(() => releaseGroups.id),
    name: text("name").notNull(),
  },
  (t) => [uniqueIndex("releases_group_name").on(t.releaseGroupId, t.name)],
);

export const instanceFolders = sqliteTable(
  "instance_folders",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id),
    parentId: integer("parent_id"),
    name: text("name").notNull(),
    /** Full path from the root, `/` for the root itself. */
    path: text("path").notNull(),
  },
  (t) => [
    uniqueIndex("instance_folders_project_path").on(t.projectId, t.path),
    index("instance_folders_parent").on(t.parentId),
  ],
);
