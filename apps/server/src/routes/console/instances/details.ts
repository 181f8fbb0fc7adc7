import {
  IdParam,
  InstanceDetailsSave,
  InstanceEditing,
  LineageImpact,
  queryBoolean,
} from "@metabuild/contract";
import { z } from "zod";
import { defineOperation } from "../../../http/operation.ts";

export const saveInstanceDetails = defineOperation({
  method: "patch",
  path: "/api/console/instances/:id",
  errors: [409],
  summary:
    "Change an instance's description, labels or flags as a new version (needs write_instances)",
  description:
    "Fields left out stay as they are; `labels` replaces all labels. The rows are kept. 403 when " +
    "edit-disabled (an admin may still change the flags, to lift the lock) or checked out by " +
    "another user. `base_version` (or If-Match) is required: 409 naming the newer version and " +
    "its author when someone saved since. With `dry_run=true` nothing is written and the answer " +
    'is the change\'s impact (docs/lineage.md "Impact"): deleting an instance makes its readers ' +
    "invalid.",
  tags: ["console"],
  params: IdParam,
  query: z.object({ dry_run: queryBoolean.optional() }),
  body: InstanceDetailsSave,
  response: z.union([InstanceEditing, LineageImpact]),
});
