import { IdParam, InstanceCopy, InstanceCreate, InstanceEditing } from "@metabuild/contract";
import { defineOperation } from "../../../http/operation.ts";

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
