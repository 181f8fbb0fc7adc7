import {
  IdParam,
  InstanceBulkChange,
  InstanceBulkOutcome,
  InstanceCheckin,
  InstanceCopy,
  InstanceCreate,
  InstanceDetailsSave,
  InstanceEditing,
  InstanceRestore,
  InstanceRowsCheck,
  InstanceRowsSave,
  InstanceSaveOutcome,
  InstanceVersionList,
  InstanceVersionParams,
  InstanceVersionRows,
  LineageImpact,
  ReferenceCandidates,
  ReferenceCandidatesQuery,
  queryBoolean,
} from "../../index.ts";
import { z } from "zod";
import { defineOperation } from "../operation.ts";

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

export const getInstanceEditing = defineOperation({
  method: "get",
  path: "/api/console/instances/:id/editing",
  summary: "An instance as the editor shows it",
  description:
    "Header, rows, validation issues per cell, edit_disabled, the live checkout (who, since) and, " +
    "when the caller may not edit now, why (read_only_reason).",
  tags: ["console"],
  params: IdParam,
  response: InstanceEditing,
});

export const validateInstanceRows = defineOperation({
  method: "post",
  path: "/api/console/instances/:id/validate",
  summary: "The validation issues of rows as they would be saved (stores nothing)",
  description:
    "Rows in their order (`@POS_NO` ignored), checked against the pattern's properties and " +
    "roles exactly as a save would; the editor calls it while the user types. Needs access only.",
  tags: ["console"],
  params: IdParam,
  body: InstanceRowsSave,
  response: InstanceRowsCheck,
});

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

export const listInstanceVersions = defineOperation({
  method: "get",
  path: "/api/console/instances/:id/versions",
  summary: "An instance's versions, oldest first (version, who, when, source)",
  tags: ["console"],
  params: IdParam,
  response: InstanceVersionList,
});

export const getInstanceVersion = defineOperation({
  method: "get",
  path: "/api/console/instances/:id/versions/:version",
  summary: "The rows of one version of an instance, keyed by the current header",
  tags: ["console"],
  params: InstanceVersionParams,
  response: InstanceVersionRows,
});

export const restoreInstanceVersion = defineOperation({
  method: "post",
  path: "/api/console/instances/:id/versions/:version/restore",
  errors: [409],
  summary: "Bring an earlier version back as a new version (needs write_instances)",
  description:
    "The rows, description, labels and release of that version; the flags stay as they are. " +
    "Based on the current version (`base_version` or If-Match, required): 409 naming the newer " +
    "version and its author when someone saved since. " +
    "403 when edit-disabled or checked out by another user; 404 for an unknown version.",
  tags: ["console"],
  params: InstanceVersionParams,
  body: InstanceRestore,
  response: InstanceEditing,
});

export const createInstance = defineOperation({
  method: "post",
  path: "/api/console/instances",
  errors: [409],
  summary:
    "Create an empty instance of a pattern, checked out to its creator (needs write_instances)",
  description:
    "Missing folders are created. 409 when the project already has an instance of that " +
    "pattern, folder and name.",
  tags: ["console"],
  body: InstanceCreate,
  response: InstanceEditing,
  status: 201,
});

export const copyInstance = defineOperation({
  method: "post",
  path: "/api/console/instances/:id/copy",
  errors: [409],
  summary: "Copy an instance under another name or folder, checked out to the copier",
  description:
    "The copy has the same pattern, rows (with their positions), description and labels; not " +
    "the flags, the release or the checkout. 409 when the new name is taken.",
  tags: ["console"],
  params: IdParam,
  body: InstanceCopy,
  response: InstanceEditing,
  status: 201,
});

export const checkoutInstance = defineOperation({
  method: "post",
  path: "/api/console/instances/:id/checkout",
  summary: "Check an instance out (needs write_instances)",
  description:
    "Takes or renews the caller's checkout; 403 naming the holder when another user holds it, " +
    "403 when the instance is edit-disabled.",
  tags: ["console"],
  params: IdParam,
  response: InstanceEditing,
});

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

export const listReferenceCandidates = defineOperation({
  method: "get",
  path: "/api/console/instances/:id/reference-candidates",
  summary: "What a reference cell of the instance may point to (the editor's picker)",
  description:
    "The project's live instances of the patterns `column` (a `reference` property) allows " +
    "whose name holds `q`, at most 20, by path, each with the cell text naming it " +
    "(docs/lineage.md). 400 when `column` is no reference property. Needs access to the project.",
  tags: ["console"],
  params: IdParam,
  query: ReferenceCandidatesQuery,
  response: ReferenceCandidates,
});
