import { index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { customers, id } from "./tenancy.ts";

/** Twin of ../../schema/audit.ts (docs/audit-log.md). */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: id(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id),
    projectId: integer("project_id"),
    at: text("at").notNull(),
    userId: integer("user_id"),
    userEmail: text("user_email"),
    userName: text("user_name"),
    action: text("action").notNull(),
    targetKind: text("target_kind"),
    targetId: text("target_id"),
    targetLabel: text("target_label"),
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
