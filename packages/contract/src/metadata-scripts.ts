import { z } from "zod";
import { ProjectRef, queryInt } from "./common.ts";
import { BaseVersion } from "./instance-editing.ts";
import { MetadataExecution } from "./metadata.ts";
import { SQL_TEXT_MAX_CHARACTERS } from "./limits.ts";

/* ---- Saved SQL scripts of a project's meta database (docs/metadata-scripts.md) ---- */

const ScriptBody = z
  .string()
  .max(SQL_TEXT_MAX_CHARACTERS, {
    error: `must be at most ${SQL_TEXT_MAX_CHARACTERS} characters`,
  })
  .meta({ description: "The script's SQL text (statements of the dialect separated by `;`)" });

const FolderPath = z
  .string()
  .meta({ description: "A folder path such as `/staging/hubs`; `/` is the root" });

export const ScriptFolder = z
  .object({ id: z.number().int(), path: z.string() })
  .meta({ id: "ScriptFolder" });
export type ScriptFolder = z.infer<typeof ScriptFolder>;

/** A script as the tree lists it (without its body). */
export const ScriptSummary = z
  .object({
    id: z.number().int(),
    project_id: z.number().int(),
    folder: z.string(),
    name: z.string(),
    vers_no: z
      .number()
      .int()
      .meta({ description: "The current version: the next save's base_version" }),
    updated_by: z
      .string()
      .nullable()
      .meta({ description: "E-mail of who saved the current version" }),
    updated_at: z.string(),
  })
  .meta({ id: "ScriptSummary" });
export type ScriptSummary = z.infer<typeof ScriptSummary>;

export const Script = ScriptSummary.extend({ body: z.string() }).meta({ id: "Script" });
export type Script = z.infer<typeof Script>;

export const ScriptTree = z
  .object({ folders: z.array(ScriptFolder), scripts: z.array(ScriptSummary) })
  .meta({ id: "ScriptTree" });
export type ScriptTree = z.infer<typeof ScriptTree>;

export const ScriptTreeQuery = ProjectRef;

export const ScriptFolderCreate = ProjectRef.extend({ path: FolderPath }).strict();
export type ScriptFolderCreate = z.infer<typeof ScriptFolderCreate>;

export const ScriptFolderMove = ProjectRef.extend({
  path: FolderPath,
  new_path: FolderPath.meta({ description: "The folder's full path afterwards" }),
}).strict();
export type ScriptFolderMove = z.infer<typeof ScriptFolderMove>;

export const ScriptFolderRef = ProjectRef.extend({ path: FolderPath });
export type ScriptFolderRef = z.infer<typeof ScriptFolderRef>;

export const ScriptFolderMoved = z
  .object({
    folder: ScriptFolder,
    from: z.string(),
    folders: z.number().int(),
    scripts: z.number().int(),
  })
  .meta({ id: "ScriptFolderMoved" });
export type ScriptFolderMoved = z.infer<typeof ScriptFolderMoved>;

export const ScriptCreate = ProjectRef.extend({
  folder: FolderPath.optional().meta({ description: "Default `/`; missing folders are created" }),
  name: z.string(),
  body: ScriptBody.optional(),
}).strict();
export type ScriptCreate = z.infer<typeof ScriptCreate>;

/** PATCH: any of body, name, folder; based on the version the user saw. */
export const ScriptSave = z
  .object({
    body: ScriptBody.optional(),
    name: z.string().optional(),
    folder: FolderPath.optional(),
    base_version: BaseVersion.optional(),
  })
  .strict();
export type ScriptSave = z.infer<typeof ScriptSave>;

export const ScriptDeleteQuery = z.object({ base_version: queryInt.optional() });
export type ScriptDeleteQuery = z.infer<typeof ScriptDeleteQuery>;

export const ScriptVersion = z
  .object({
    vers_no: z.number().int(),
    folder: z.string(),
    name: z.string(),
    user: z.string().nullable().meta({ description: "E-mail of who saved it" }),
    at: z.string(),
  })
  .meta({ id: "ScriptVersion" });
export type ScriptVersion = z.infer<typeof ScriptVersion>;

export const ScriptVersionWithBody = ScriptVersion.extend({ body: z.string() }).meta({
  id: "ScriptVersionWithBody",
});
export type ScriptVersionWithBody = z.infer<typeof ScriptVersionWithBody>;

export const ScriptVersionParams = z.object({ id: queryInt, version: queryInt });

export const ScriptRunsQuery = z.object({ $limit: queryInt.optional() });

/** One run of a script: the history entry plus who ran it. */
export const ScriptRun = MetadataExecution.extend({
  user: z.string().nullable().meta({ description: "E-mail of who ran it" }),
}).meta({ id: "ScriptRun" });
export type ScriptRun = z.infer<typeof ScriptRun>;
