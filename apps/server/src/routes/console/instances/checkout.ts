import { IdParam, InstanceEditing } from "@metabuild/contract";
import { defineOperation } from "../../../http/operation.ts";

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
