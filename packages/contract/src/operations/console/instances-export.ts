import { InstanceExportQuery, XLSX_MEDIA_TYPE } from "../../index.ts";
import { defineOperation } from "../operation.ts";

const base = "/api/console/instances/export";

export const exportInstances = defineOperation({
  method: "get",
  path: base,
  summary: "The filtered instance list as an .xlsx workbook",
  description:
    "Takes the query of GET /api/v1/instances (project, filters, paging) and answers a workbook " +
    "with one sheet per pattern: INSTANCE, PATTERN, PROJECT, FOLDER, POS_NO, then the pattern's " +
    "properties and roles, one line per metadata row. Uploading it with `overwrite` gives back " +
    "the same instances. `ids` (repeated, or comma-separated) keeps only those instances: the " +
    "console's export of a selection.",
  tags: ["console"],
  query: InstanceExportQuery,
  responseType: XLSX_MEDIA_TYPE,
});
