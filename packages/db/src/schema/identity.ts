import {
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";
import { customers, now, projects, users } from "./tenancy.ts";

/**
 * API tokens for pipelines (docs/identity.md). Only the SHA-256 hash of the
 * token text is kept. `user_id` is the owner whose grants bound the token;
 * null for a service-account token, which belongs to the customer and holds
 * exactly its named permissions. `created_by` is the user who created it.
 */
export const apiTokens = sqliteTable(
  "api_tokens",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id),
    userId: integer("user_id").references(() => users.id),
    createdBy: integer("created_by")
      .notNull()
      .references(() => users.id),
    name: text("name").notNull(),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id),
    /** The named permissions, comma-separated, in the console's order. */
    permissions: text("permissions").notNull(),
    tokenHash: text("token_hash").notNull(),
    createdAt: text("created_at").notNull().default(now),
    /** ISO 8601; the token is refused from then on. */
    expiresAt: text("expires_at").notNull(),
    /** Noted at most once a minute per token (docs/identity.md). */
    lastUsedAt: text("last_used_at"),
  },
  (t) => [
    uniqueIndex("api_tokens_hash").on(t.tokenHash),
    index("api_tokens_customer").on(t.customerId),
  ],
);

/** Per (user, customer) permissions: `develop_patterns` (docs/identity.md). */
export const userGrants = sqliteTable(
  "user_grants",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    permission: text("permission").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.permission] })],
);
