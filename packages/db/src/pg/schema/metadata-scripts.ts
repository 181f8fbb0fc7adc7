// PostgreSQL twin of ../../schema/metadata-scripts.ts (docs/stores.md); comments on the columns are there.
import { integer, primaryKey, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { id, projects } from "./tenancy.ts";

/**
 * Folders of a project's saved SQL scripts (docs/metadata-scripts.md). A
 * folder is its full path (`/staging/hubs`); the root `/` is implied. Every
 * ancestor of a folder or script is a row too, so empty folders exist.
 */
export const metadataScriptFolders = pgTable(
  "metadata_script_folders",
  {
    id: id(),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id),
    path: text("path").notNull(),
  },
  (t) => [uniqueIndex("metadata_script_folders_project_path").on(t.projectId, t.path)],
);

/** A saved SQL script: its folder's path, its name (unique in the folder) and its current body. */
export const metadataScripts = pgTable(
  "metadata_scripts",
  {
    id: id(),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id),
    folder: text("folder").notNull(),
    name: text("name").notNull(),
    body: text("body").notNull(),
    /** 1 at creation, +1 for every save (body, name or folder). */
    versNo: integer("vers_no").notNull(),
    updatedBy: integer("updated_by"),
    updatedByEmail: text("updated_by_email"),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [uniqueIndex("metadata_scripts_project_folder_name").on(t.projectId, t.folder, t.name)],
);

/** Every save of a script: who, when, and what it was then. */
export const metadataScriptVersions = pgTable(
  "metadata_script_versions",
  {
    scriptId: integer("script_id")
      .notNull()
      .references(() => metadataScripts.id, { onDelete: "cascade" }),
    versNo: integer("vers_no").notNull(),
    folder: text("folder").notNull(),
    name: text("name").notNull(),
    body: text("body").notNull(),
    userId: integer("user_id"),
    userEmail: text("user_email"),
    at: text("at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.scriptId, t.versNo] })],
);
