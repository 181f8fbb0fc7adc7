import { IdParam, ReferenceCandidates, ReferenceCandidatesQuery } from "@metabuild/contract";
import { defineOperation } from "../../../http/operation.ts";

export const listReferenceCandidates = defineOperation({
  method: "get",
  path: "/api/console/instances/:id/reference-candidates",
  summary: "What a reference cell of the instance may point to (the editor's picker)",
  description:
    "The project's live instances of the patterns `column` (a `reference` property) allows " +
    "whose name holds `q`, at most 20, by path, each with the cell text naming it " +
    "(docs/lineage.md). 400 when `column` is no reference property. Needs access to the project.",
  tags: ["console"],
  params: IdParam,
  query: ReferenceCandidatesQuery,
  response: ReferenceCandidates,
});
