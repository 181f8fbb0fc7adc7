import { MetadataExecution, MetadataHistoryQuery } from "@metabuild/contract";
import { z } from "zod";
import { defineOperation } from "../../../http/operation.ts";

export const metadataHistory = defineOperation({
  method: "get",
  path: "/api/console/metadata/history",
  summary: "The caller's recent metadata statement executions, newest first",
  tags: ["console"],
  query: MetadataHistoryQuery,
  response: z.array(MetadataExecution),
  description:
    "`project` or `project_id` narrows to one project; `$limit` defaults to 50 (at most 500).",
});
