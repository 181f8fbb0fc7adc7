import { MetadataRunRequest, MetadataRunResult } from "@metabuild/contract";
import { defineOperation } from "../../../http/operation.ts";

export const metadataRun = defineOperation({
  method: "post",
  path: "/api/console/metadata/run",
  errors: [429],
  summary: "Run metadata statements for the SQL editor: the v1 result plus the error's position",
  tags: ["console"],
  body: MetadataRunRequest,
  response: MetadataRunResult,
  status: 200,
  // The dialect refuses a NUL with its position; the history keeps it as U+FFFD.
  keepsNul: ["statement"],
  description:
    "Same body, permissions and execution as `POST /api/v1/metadata`; the answer adds `position` ({`line`, `column`}, 1-based in `statement`) when status is `ERROR` and the dialect knows where, else `null`. `script_id` (optional) records the run in that saved script's history (docs/metadata-scripts.md).",
});
