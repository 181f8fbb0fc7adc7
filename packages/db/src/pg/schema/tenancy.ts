import { sql } from "drizzle-orm";
import {
  bigint,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";

// The PostgreSQL twin of ../../schema/tenancy.ts (docs/stores.md): same tables, columns and indexes.
// SQLite's `now` is `strftime('%Y-%m-%dT%H:%M:%fZ','now')`, fixed for one statement: the same
// text to the millisecond, in UTC, from the statement's start.
export const now = sql`to_char(statement_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** An `integer primary key autoincrement` twin: explicit ids are taken (imports, restores). */
export const id = () => integer("id").primaryKey().generatedByDefaultAsIdentity();

export const customers = pgTable("customers", {
  id: id(),
  name: text("name").notNull().unique(),
  createdAt: text("created_at").notNull().default(now),
});

export const users = pgTable(
  "users",
  {
    id: id(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id),
    email: text("email").notNull().unique(),
    name: text("name"),
    passwordHash: text("password_hash").notNull(),
    admin: integer("admin").notNull().default(0),
    disabled: integer("disabled").notNull().default(0),
    createdAt: text("created_at").notNull().default(now),
    lastSignInAt: text("last_sign_in_at"),
    mustChangePassword: integer("must_change_password").notNull().default(0),
  },
  (t) => [index("users_customer").on(t.customerId)],
);

export const projects = pgTable(
  "projects",
  {
    id: id(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id),
    name: text("name").notNull(),
    deleted: integer("deleted").notNull().default(0),
    disabled: integer("disabled").notNull().default(0),
  },
  (t) => [uniqueIndex("projects_customer_name").on(t.customerId, t.name)],
);

export const grants = pgTable(
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

export const revokedTokens = pgTable("revoked_tokens", {
  jti: text("jti").primaryKey(),
  // Epoch seconds: past 2038 they outgrow a 4-byte integer.
  expiresAt: bigint("expires_at", { mode: "number" }).notNull(),
});

export const releaseGroups = pgTable(
  "release_groups",
  {
    id: id(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id),
    name: text("name").notNull(),
  },
  (t) => [uniqueIndex("release_groups_customer_name").on(t.customerId, t.name)],
);

export const releases = pgTable(
  "releases",
  {
    id: id(),
    releaseGroupId: integer("release_group_id")
      .notNull()
      .references(() => releaseGroups.id),
    name: text("name").notNull(),
  },
  (t) => [uniqueIndex("releases_group_name").on(t.releaseGroupId, t.name)],
);

export const instanceFolders = pgTable(
  "instance_folders",
  {
    id: id(),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id),
    parentId: integer("parent_id"),
    name: text("name").notNull(),
    path: text("path").notNull(),
  },
  (t) => [
    uniqueIndex("instance_folders_project_path").on(t.projectId, t.path),
    index("instance_folders_parent").on(t.parentId),
  ],
);
