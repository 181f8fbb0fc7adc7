// PostgreSQL twin of ../../schema/deployment-plans.ts (docs/stores.md); comments on the columns are there.
import { index, integer, primaryKey, pgTable, text } from "drizzle-orm/pg-core";
import { agentGroups, agents, buildDeployments, builds } from "./builds.ts";
import { id, now } from "./tenancy.ts";

/**
 * A deployment plan: several deployments of one finished build, run one
 * after the other on one agent, stopping at the first failure
 * (docs/deployment-plans.md).
 */
export const deploymentPlans = pgTable(
  "deployment_plans",
  {
    id: id(),
    customerId: integer("customer_id").notNull(),
    projectId: integer("project_id").notNull(),
    userId: integer("user_id").notNull(),
    buildId: integer("build_id")
      .notNull()
      .references(() => builds.id),
    /** The agent every step runs on (picked from the group when a group was asked for). */
    agentId: integer("agent_id")
      .notNull()
      .references(() => agents.id),
    agentGroupId: integer("agent_group_id").references(() => agentGroups.id),
    /** RUNNING → SUCCEEDED | FAILED. */
    status: text("status").notNull().default("RUNNING"),
    /** Why a plan FAILED (null otherwise). */
    message: text("message"),
    createdAt: text("created_at").notNull().default(now),
    endedAt: text("ended_at"),
  },
  (t) => [index("deployment_plans_build").on(t.buildId)],
);

/**
 * The steps of a plan in order. Once a step's run exists its status is the
 * run's; before that `status` is PENDING, or SKIPPED / FAILED when the plan
 * ended without starting it.
 */
export const deploymentPlanSteps = pgTable(
  "deployment_plan_steps",
  {
    planId: integer("plan_id")
      .notNull()
      .references(() => deploymentPlans.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    patternId: integer("pattern_id").notNull(),
    // No foreign key: pattern authoring may remove a definition a pending step names;
    // the step then fails to start with the reason (docs/deployment-plans.md).
    deploymentId: integer("deployment_id").notNull(),
    buildDeploymentId: integer("build_deployment_id").references(() => buildDeployments.id),
    status: text("status").notNull().default("PENDING"),
  },
  (t) => [
    primaryKey({ columns: [t.planId, t.position] }),
    index("deployment_plan_steps_run").on(t.buildDeploymentId),
  ],
);
