import { index, integer, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { customers, id, now, projects, users } from "./tenancy.ts";

// The PostgreSQL twin of ../../schema/identity.ts (docs/stores.md).
export const apiTokens = pgTable(
  "api_tokens",
  {
    id: id(),
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
    permissions: text("permissions").notNull(),
    tokenHash: text("token_hash").notNull(),
    createdAt: text("created_at").notNull().default(now),
    expiresAt: text("expires_at").notNull(),
    lastUsedAt: text("last_used_at"),
  },
  (t) => [
    uniqueIndex("api_tokens_hash").on(t.tokenHash),
    index("api_tokens_customer").on(t.customerId),
  ],
);

export const userGrants = pgTable(
  "user_grants",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    permission: text("permission").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.permission] })],
);
