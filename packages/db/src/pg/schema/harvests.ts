// PostgreSQL twin of ../../schema/harvests.ts (docs/stores.md); comments on the columns are there.
import { index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { agentGroups, agents } from "./builds.ts";
import { customers, id, now, projects, users } from "./tenancy.ts";

/** Schedules that start harvests of a source (docs/harvesting.md). */
export const harvestSchedules = pgTable(
  "harvest_schedules",
  {
    id: id(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id),
    /** Who created it: scheduled runs act for this user. */
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    agentId: integer("agent_id").references(() => agents.id),
    agentGroupId: integer("agent_group_id").references(() => agentGroups.id),
    source: text("source").notNull(),
    tablePrefix: text("table_prefix").notNull(),
    cron: text("cron").notNull(),
    /** The minute it last started a run (ISO, seconds zero): once per matching minute. */
    lastRunAt: text("last_run_at"),
    createdAt: text("created_at").notNull().default(now),
  },
  (t) => [index("harvest_schedules_project").on(t.projectId)],
);

/** One harvest of a source's catalog through an agent: QUEUED → RUNNING → SUCCEEDED | FAILED. */
export const harvestRuns = pgTable(
  "harvest_runs",
  {
    id: id(),
    customerId: integer("customer_id").notNull(),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id),
    userId: integer("user_id").notNull(),
    agentId: integer("agent_id").references(() => agents.id),
    agentGroupId: integer("agent_group_id").references(() => agentGroups.id),
    scheduleId: integer("schedule_id").references(() => harvestSchedules.id, {
      onDelete: "set null",
    }),
    source: text("source").notNull(),
    tablePrefix: text("table_prefix").notNull(),
    status: text("status").notNull().default("QUEUED"),
    startedAt: text("started_at"),
    finishedAt: text("finished_at"),
    log: text("log").notNull().default(""),
    createdAt: text("created_at").notNull().default(now),
  },
  (t) => [index("harvest_runs_project").on(t.projectId)],
);
