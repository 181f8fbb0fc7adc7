import { IdParam, InstanceDetail } from "@metabuild/contract";
import { defineOperation } from "../../../http/operation.ts";

export const getInstance = defineOperation({
  method: "get",
  path: "/api/v1/instances/:id",
  summary: "One instance with its metadata rows",
  description:
    "`header` is `@POS_NO`, then the pattern's properties, then its functional roles; each `field_details` row is keyed by exactly those names. " +
    "With `Accept: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet` the answer is instead an .xlsx workbook of the instance (a sheet named after the pattern: INSTANCE, PATTERN, PROJECT, FOLDER, POS_NO, then properties and roles; one line per row), which POST /api/v1/instances reads back.",
  tags: ["instances"],
  params: IdParam,
  response: InstanceDetail,
});
