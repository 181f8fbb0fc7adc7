import { MetadataRequest, MetadataResult } from "../index.ts";
import { defineOperation } from "./operation.ts";

export const executeMetadata = defineOperation({
  method: "post",
  path: "/api/v1/metadata",
  errors: [429],
  summary: "Run metadata statements (the SQL dialect) in a project",
  tags: ["metadata"],
  body: MetadataRequest,
  response: MetadataResult,
  status: 200,
  // The dialect refuses a NUL with its position; the history keeps it as U+FFFD.
  keepsNul: ["statement"],
  description:
    "Statements separated by `;` run in order in one transaction; the result is the last one's, or the first failing one's (`stmt_no`), and a failure rolls all back. SQL errors answer 200 with status `ERROR`. Writes need `write_instances` (403). A user with `METABUILD_SQL_PER_USER` executions running (or with every executor busy) waits up to `METABUILD_SQL_QUEUE_MS`, then gets 429 with `Retry-After`. See docs/metadata-sql.md.",
});
