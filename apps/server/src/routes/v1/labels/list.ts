import { Label, LabelQuery } from "@metabuild/contract";
import { z } from "zod";
import { defineOperation } from "../../../http/operation.ts";

export const listLabels = defineOperation({
  method: "get",
  path: "/api/v1/labels",
  summary: "Labels of projects",
  description: "Without `project`/`project_id`: the labels of every project the user may access.",
  tags: ["labels"],
  query: LabelQuery,
  response: z.array(Label),
});
