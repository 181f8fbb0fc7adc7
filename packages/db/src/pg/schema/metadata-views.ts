// PostgreSQL twin of ../../schema/metadata-views.ts (docs/stores.md); comments on the columns are there.
import { integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { id, now, projects } from "./tenancy.ts";

/**
 * Views of a project's meta database (`@TABLES.<name>`, docs/metadata-sql.md
 * "Views"): the dialect text of their SELECT, as typed. Never translated SQL:
 * every use translates and confines the text again.
 */
export const customViews = pgTable(
  "custom_views",
  {
    id: id(),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id),
    name: text("name").notNull(),
    definition: text("definition").notNull(),
    columns: text("columns"),
    createdAt: text("created_at").notNull().default(now),
  },
  (t) => [uniqueIndex("custom_views_project_name").on(t.projectId, t.name)],
);
