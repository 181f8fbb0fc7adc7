import { integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { now, projects } from "./tenancy.ts";

/**
 * Views of a project's meta database (`@TABLES.<name>`, docs/metadata-sql.md
 * "Views"): the dialect text of their SELECT, as typed. Never translated SQL:
 * every use translates and confines the text again.
 */
export const customViews = sqliteTable(
  "custom_views",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id),
    name: text("name").notNull(),
    definition: text("definition").notNull(),
    /**
     * The result columns (JSON `[{ name, type }]`), worked out once when the
     * view is created, inside the statement executor and its limits; never on
     * read (docs/metadata-sql.md "Views"). NULL for a view stored without
     * them (created before they were kept, or from a bundle): the executor
     * fills them in at the next read of the schema.
     */
    columns: text("columns"),
    createdAt: text("created_at").notNull().default(now),
  },
  (t) => [uniqueIndex("custom_views_project_name").on(t.projectId, t.name)],
);
