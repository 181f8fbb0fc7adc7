import { SearchQuery, SearchResult } from "@metabuild/contract";
import { Hono } from "hono";
import type { AppEnv } from "../../app-env.ts";
import { rejectUnsupported } from "../../http/not-supported.ts";
import { defineOperation, mount } from "../../http/operation.ts";

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

export function searchRoutes() {
  const app = new Hono<AppEnv>();
  mount(app, path, searchNames, async ({ query }, c) =>
    c.json({ hits: await c.var.services.search.search(c.var.principal, query) }),
  );
  rejectUnsupported(app, { collection: ["GET"] });
  return app;
}
