import {
  IdParam,
  InstanceEditing,
  InstanceRestore,
  InstanceVersionList,
  InstanceVersionParams,
  InstanceVersionRows,
} from "@metabuild/contract";
import { defineOperation } from "../../../http/operation.ts";

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
