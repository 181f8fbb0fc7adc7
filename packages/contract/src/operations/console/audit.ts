import { AuditEventList, AuditQuery } from "../../index.ts";
import { defineOperation } from "../operation.ts";

export const listAuditEvents = defineOperation({
  method: "get",
  path: "/api/console/audit",
  summary: "The audit log of the caller's customer, newest first (admins only)",
  description:
    "Who changed what, when, with the changed fields before and after (docs/audit-log.md). Filters: `user_id`, `action` (prefix, e.g. `instance.`), `project_id`, `target_kind`, `target_id`, `from`/`to` (ISO 8601, inclusive; a date alone covers its whole day), `q` (text in the user, action, target or values). Paged with `$limit`/`$skip`; `X-Total-Count` has the total. 403 for non-admins.",
  tags: ["console"],
  query: AuditQuery,
  response: AuditEventList,
});
