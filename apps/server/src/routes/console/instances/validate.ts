import { IdParam, InstanceRowsCheck, InstanceRowsSave } from "@metabuild/contract";
import { defineOperation } from "../../../http/operation.ts";

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
