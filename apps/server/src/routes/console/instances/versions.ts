import {
  IdParam,
  InstanceEditing,
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
  summary: "Bring an earlier version back as a new version (needs write_instances)",
  description:
    "The rows, description, labels and release of that version; the flags stay as they are. " +
    "403 when edit-disabled or checked out by another user; 404 for an unknown version.",
  tags: ["console"],
  params: InstanceVersionParams,
  response: InstanceEditing,
});
