import { z } from "zod";
import { Paging, ProjectRef, queryInt } from "./common.ts";

/** Harvesting a source's catalog through an agent (docs/harvesting.md). */

export const HARVEST_STATUSES = ["QUEUED", "RUNNING", "SUCCEEDED", "FAILED"] as const;
export const HarvestStatus = z.enum(HARVEST_STATUSES);
export type HarvestStatus = z.infer<typeof HarvestStatus>;

const id = z.number().int().positive();

/** A source name of an agent's agent.yaml (`sources:`); the server never sees its URL. */
export const SourceName = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_.-]+$/, "must be letters, digits, '_', '.' or '-'");

/** The start of the four @TABLES names (`<prefix>_TABLES`, …); default: the source name. */
export const TablePrefix = z
  .string()
  .max(60)
  .regex(/^[A-Za-z][A-Za-z0-9_]*$/, "must start with a letter and hold letters, digits or '_'");

const agentChoice = {
  agent_id: z
    .union([id, z.string().min(1)], { error: "must be the agent's integer id or its UUID" })
    .optional()
    .meta({ description: "The agent's integer id or its UUID" }),
  agent_group: z.string().min(1).optional(),
  agent_group_id: id.optional(),
};

export const HarvestCreate = ProjectRef.extend({
  ...agentChoice,
  source: SourceName,
  table_prefix: TablePrefix.optional(),
})
  .strict()
  .meta({ id: "HarvestCreate" });
export type HarvestCreate = z.infer<typeof HarvestCreate>;

export const HarvestRun = z
  .object({
    id: z.number().int(),
    project_id: z.number().int(),
    source: z.string(),
    table_prefix: z.string(),
    /** The @TABLES tables the run fills: `<prefix>_TABLES`, `_COLUMNS`, `_KEYS`, `_FOREIGN_KEYS`. */
    tables: z.array(z.string()),
    agent_id: z.number().int().nullable(),
    agent_group_id: z.number().int().nullable(),
    schedule_id: z.number().int().nullable(),
    status: HarvestStatus,
    started_at: z.string().nullable(),
    finished_at: z.string().nullable(),
    log: z.string().meta({ description: "Log lines, each ending in a newline" }),
    created_at: z.string(),
  })
  .meta({ id: "HarvestRun" });
export type HarvestRun = z.infer<typeof HarvestRun>;

export const HarvestQuery = Paging.extend(ProjectRef.shape).extend({
  schedule_id: queryInt.optional(),
});
export type HarvestQuery = z.infer<typeof HarvestQuery>;

export const HarvestScheduleCreate = HarvestCreate.extend({
  cron: z
    .string()
    .min(1)
    .max(200)
    .meta({ description: "5 fields (minute hour day-of-month month day-of-week), UTC" }),
})
  .strict()
  .meta({ id: "HarvestScheduleCreate" });
export type HarvestScheduleCreate = z.infer<typeof HarvestScheduleCreate>;

export const HarvestSchedule = z
  .object({
    id: z.number().int(),
    project_id: z.number().int(),
    source: z.string(),
    table_prefix: z.string(),
    agent_id: z.number().int().nullable(),
    agent_group_id: z.number().int().nullable(),
    cron: z.string(),
    last_run_at: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: "HarvestSchedule" });
export type HarvestSchedule = z.infer<typeof HarvestSchedule>;

export const HarvestScheduleQuery = Paging.extend(ProjectRef.shape);
export type HarvestScheduleQuery = z.infer<typeof HarvestScheduleQuery>;

/** A connected agent and the sources it announced when it signed in. */
export const HarvestSource = z
  .object({
    agent_id: z.number().int(),
    agent_uuid: z.string(),
    agent_name: z.string(),
    agent_group_id: z.number().int().nullable(),
    sources: z.array(z.string()),
  })
  .meta({ id: "HarvestSource" });
export type HarvestSource = z.infer<typeof HarvestSource>;

/** The suffixes of the harvested tables, in the order they are listed. */
export const HARVEST_TABLE_SUFFIXES = ["TABLES", "COLUMNS", "KEYS", "FOREIGN_KEYS"] as const;

/** `<PREFIX>_TABLES`, … for a prefix; the prefix defaults to the source name made a name. */
export function harvestTableNames(prefix: string): string[] {
  return HARVEST_TABLE_SUFFIXES.map((s) => `${prefix}_${s}`);
}

/** The default prefix of a source: upper case, other characters as '_', a letter first. */
export function defaultTablePrefix(source: string): string {
  const p = source.toUpperCase().replace(/[^A-Z0-9_]/g, "_");
  return /^[A-Z]/.test(p) ? p : `S_${p}`;
}
