import { IdParam, InstanceEditing } from "@metabuild/contract";
import { defineOperation } from "../../../http/operation.ts";

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
