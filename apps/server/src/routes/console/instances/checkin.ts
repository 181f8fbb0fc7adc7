import { IdParam, InstanceCheckin, InstanceEditing } from "@metabuild/contract";
import { defineOperation } from "../../../http/operation.ts";

export const checkinInstance = defineOperation({
  method: "post",
  path: "/api/console/instances/:id/checkin",
  errors: [409],
  summary: "Check an instance in (needs write_instances)",
  description:
    "Commits the pending `rows` sent along first (a new version), then releases the checkout. " +
    "An admin may release another user's checkout. With `rows`, `base_version` (or If-Match) " +
    "is required: 409 when someone saved since.",
  tags: ["console"],
  params: IdParam,
  body: InstanceCheckin,
  response: InstanceEditing,
});
