import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { customers } from "./tenancy.ts";

/**
 * Who changed what, when (docs/audit-log.md). Rows are never updated; users
 * and projects are referenced without foreign keys and with a snapshot of the
 * user's e-mail and name, so an event reads the same after they change.
 */
export const auditEvents = sqliteTable(
  "audit_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id),
    projectId: integer("project_id"),
    at: text("at").notNull(),
    userId: integer("user_id"),
    userEmail: text("user_email"),
    userName: text("user_name"),
    /** `<target kind>.<verb>`, e.g. `instance.update`, `auth.sign_in_failed`. */
    action: text("action").notNull(),
    targetKind: text("target_kind"),
    targetId: text("target_id"),
    targetLabel: text("target_label"),
    /** Compact JSON of the changed fields; never a password, hash, token or secret. */
    before: text("before"),
    after: text("after"),
    requestId: text("request_id"),
    clientAddress: text("client_address"),
  },
  (t) => [
    index("audit_events_customer_id").on(t.customerId, t.id),
    index("audit_events_customer_action").on(t.customerId, t.action),
    index("audit_events_at").on(t.at),
  ],
);
