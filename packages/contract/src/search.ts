import { z } from "zod";
import { queryInt } from "./common.ts";

/** GET /api/console/search: the command palette's query (docs/command-palette.md). */
export const SearchQuery = z.object({
  q: z.string().trim().min(1).max(200),
  limit: queryInt.pipe(z.number().int().min(1).max(50)).default(8),
});
export type SearchQuery = z.infer<typeof SearchQuery>;

export const SEARCH_KINDS = ["instance", "folder", "pattern", "build", "sql"] as const;

/** One thing the palette can jump to; `path` is the console address that shows it. */
export const SearchHit = z
  .object({
    kind: z.enum(SEARCH_KINDS),
    label: z.string(),
    detail: z.string(),
    path: z.string(),
  })
  .meta({ id: "SearchHit" });
export type SearchHit = z.infer<typeof SearchHit>;

export const SearchResult = z.object({ hits: z.array(SearchHit) }).meta({ id: "SearchResult" });
export type SearchResult = z.infer<typeof SearchResult>;
