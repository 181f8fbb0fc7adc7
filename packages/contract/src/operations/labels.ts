import { IdParam, Label, LabelQuery } from "../index.ts";
import { z } from "zod";
import { defineOperation } from "./operation.ts";

export const listLabels = defineOperation({
  method: "get",
  path: "/api/v1/labels",
  summary: "Labels of projects",
  description: "Without `project`/`project_id`: the labels of every project the user may access.",
  tags: ["labels"],
  query: LabelQuery,
  response: z.array(Label),
});

export const getLabel = defineOperation({
  method: "get",
  path: "/api/v1/labels/:id",
  summary: "One label",
  tags: ["labels"],
  params: IdParam,
  response: Label,
});
