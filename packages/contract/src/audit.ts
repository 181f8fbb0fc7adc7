import { z } from "zod";
import { Paging, queryInt } from "./common.ts";

/** One recorded change (docs/audit-log.md). `before`/`after` hold only the fields that changed. */
export const AuditEvent = z
  .object({
    id: z.number().int(),
    at: z.string(),
    project_id: z.number().int().nullable(),
    user_id: z.number().int().nullable(),
    /** The user's e-mail and name when the event was recorded. */
    user_email: z.string().nullable(),
    user_name: z.string().nullable(),
    action: z.string(),
    target_kind: z.string().nullable(),
    target_id: z.string().nullable(),
    target_label: z.string().nullable(),
    before: z.unknown().nullable(),
    after: z.unknown().nullable(),
    request_id: z.string().nullable(),
    client_address: z.string().nullable(),
  })
  .meta({ id: "AuditEvent" });
export type AuditEvent = z.infer<typeof AuditEvent>;

export const AuditEventList = z.array(AuditEvent).meta({ id: "AuditEventList" });

/** An ISO 8601 date or date-time, compared as text against the stored UTC times. */
const isoTime = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}(T[0-9:.]+Z?)?$/, {
    message: "must be an ISO 8601 date or date-time (UTC)",
  });

/** Filters of `GET /api/console/audit`; newest first unless `$sort` says otherwise. */
export const AuditQuery = Paging.extend({
  user_id: queryInt.optional(),
  /** Keeps actions starting with it: `instance.` or `auth.sign_in`. */
  action: z.string().trim().max(100).optional(),
  project_id: queryInt.optional(),
  target_kind: z.string().trim().max(100).optional(),
  target_id: z.string().trim().max(200).optional(),
  from: isoTime.optional(),
  to: isoTime.optional(),
  /** Text in the user, target, action or the before/after values. */
  q: z.string().trim().max(200).optional(),
});
export type AuditQuery = z.infer<typeof AuditQuery>;
