import { InstanceBulkChange, InstanceBulkOutcome } from "@metabuild/contract";
import { defineOperation } from "../../../http/operation.ts";

export const changeInstances = defineOperation({
  method: "post",
  path: "/api/console/instances/bulk",
  errors: [409],
  summary: "Add or remove labels and set or clear flags on many instances (needs write_instances)",
  description:
    "Each changed instance gets a version of its own (UPDATED), or stays (UNCHANGED); an " +
    "edit-disabled instance (for non-admins) or one checked out by another user is SKIPPED " +
    "with the reason. All ids must belong to the project: otherwise 404 and nothing changes. " +
    "`base_versions` gives each id's version: when any changed since, 409 listing them and " +
    "nothing changes.",
  tags: ["console"],
  body: InstanceBulkChange,
  response: InstanceBulkOutcome,
});
