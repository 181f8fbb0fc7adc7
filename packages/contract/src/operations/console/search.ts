import { SearchQuery, SearchResult } from "../../index.ts";
import { defineOperation } from "../operation.ts";

const path = "/api/console/search";

export const searchNames = defineOperation({
  method: "get",
  path,
  summary: "Find instances, folders, patterns, builds and own SQL history by part of a name",
  description:
    "Case-insensitive (ASCII) containment; at most `limit` hits per kind, names starting with " +
    "the text first. Only projects the caller may read; SQL history is the caller's own.",
  tags: ["console"],
  query: SearchQuery,
  response: SearchResult,
});
