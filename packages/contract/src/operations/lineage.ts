import { LineageGraph, LineageQuery } from "../index.ts";
import { defineOperation } from "./operation.ts";

export const getLineage = defineOperation({
  method: "get",
  path: "/api/v1/lineage",
  summary: "The lineage graph of a project, or around one instance",
  description:
    "Exactly one of `project` and `project_id` is required; read access to the project, as for the instance list. Edges point from the referenced instance (`from`) to the instance whose row references it (`to`); a column-level reference (`PATTERN:/folder/NAME#ROW`) gives `from_row`, the target row. Without `instance_id` the whole project (`direction` and `depth` do not apply); with it, the instances reached going `direction` (default `both`) at most `depth` edges away (no bound when left out). docs/lineage.md.",
  tags: ["lineage"],
  query: LineageQuery,
  response: LineageGraph,
});
