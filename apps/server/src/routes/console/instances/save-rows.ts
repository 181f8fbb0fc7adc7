import { IdParam, InstanceRowsSave, InstanceSaveOutcome } from "@metabuild/contract";
import { defineOperation } from "../../../http/operation.ts";

export const saveInstanceRows = defineOperation({
  method: "put",
  path: "/api/console/instances/:id/rows",
  errors: [409],
  summary: "Save an instance's rows as a new version (needs write_instances)",
  description:
    "Rows in their new order (`@POS_NO` ignored). UPDATED with the new version, UNCHANGED when " +
    "identical; 403 when edit-disabled or checked out by another user (naming the holder). " +
    "`base_version` (or If-Match) is required: 409 naming the newer version and its author " +
    "when someone saved since.",
  tags: ["console"],
  params: IdParam,
  body: InstanceRowsSave,
  response: InstanceSaveOutcome,
});
