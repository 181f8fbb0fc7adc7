import { InstanceListItem, InstanceQuery } from "@metabuild/contract";
import { z } from "zod";
import { defineOperation } from "../../../http/operation.ts";

export const listInstances = defineOperation({
  method: "get",
  path: "/api/v1/instances",
  summary: "Instances of a project, filtered",
  description:
    "Exactly one of `project` and `project_id` is required. Without `deleted` only non-deleted instances are listed; `folder` matches one folder, with `subfolders=true` that folder and every folder below it; `name` is exact, or a glob when it holds `*` (`*` any run of characters, everything else literal, case-sensitive); `releases` maps release group names to release names (`releases[core]=R1` or a JSON text); `labels` (`labels[]=a&labels[]=b`, `labels[0]=a` or repeated) matches instances carrying at least one of them.",
  tags: ["instances"],
  query: InstanceQuery,
  response: z.array(InstanceListItem),
});
