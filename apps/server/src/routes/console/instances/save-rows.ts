import {
  IdParam,
  InstanceRowsSave,
  InstanceSaveOutcome,
  LineageImpact,
  queryBoolean,
} from "@metabuild/contract";
import { z } from "zod";
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
    "when someone saved since. With `dry_run=true` nothing is written and the answer is the " +
    'save\'s impact (docs/lineage.md "Impact"): the instances whose files change (itself and ' +
    "downstream) with a sample diff, those that become invalid, the deployments affected.",
  tags: ["console"],
  params: IdParam,
  query: z.object({ dry_run: queryBoolean.optional() }),
  body: InstanceRowsSave,
  response: z.union([InstanceSaveOutcome, LineageImpact]),
});
