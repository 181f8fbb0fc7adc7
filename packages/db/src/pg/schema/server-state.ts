import { bigint, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { id } from "./tenancy.ts";
import { agents, buildDeployments, builds } from "./builds.ts";
import { harvestRuns } from "./harvests.ts";

// The PostgreSQL twin of ../../schema/server-state.ts (docs/stores.md). Times are epoch
// milliseconds, which overflow a 4-byte integer: bigint, read as JS numbers.

export const serverLease = pgTable("server_lease", {
  id: integer("id").primaryKey(),
  holder: text("holder").notNull(),
  pid: integer("pid").notNull(),
  host: text("host").notNull(),
  processStart: text("process_start").notNull(),
  since: bigint("since", { mode: "number" }).notNull(),
  heartbeatAt: bigint("heartbeat_at", { mode: "number" }).notNull(),
});

export const signInFailures = pgTable(
  "sign_in_failures",
  {
    id: id(),
    emailHash: text("email_hash").notNull(),
    client: text("client").notNull(),
    failedAt: bigint("failed_at", { mode: "number" }).notNull(),
    pairCleared: integer("pair_cleared").notNull().default(0),
  },
  (t) => [
    index("sign_in_failures_email").on(t.emailHash, t.failedAt),
    index("sign_in_failures_client").on(t.client, t.failedAt),
    index("sign_in_failures_time").on(t.failedAt),
  ],
);

export const buildClaims = pgTable("build_claims", {
  buildId: integer("build_id")
    .primaryKey()
    .references(() => builds.id, { onDelete: "cascade" }),
  claimedBy: text("claimed_by").notNull(),
  heartbeatAt: bigint("heartbeat_at", { mode: "number" }).notNull(),
  takeovers: integer("takeovers").notNull().default(0),
});

export const agentConnections = pgTable("agent_connections", {
  agentId: integer("agent_id")
    .primaryKey()
    .references(() => agents.id, { onDelete: "cascade" }),
  heldBy: text("held_by").notNull(),
  heartbeatAt: bigint("heartbeat_at", { mode: "number" }).notNull(),
  sources: text("sources").notNull().default("[]"),
});

export const pendingDeployments = pgTable(
  "pending_deployments",
  {
    buildDeploymentId: integer("build_deployment_id")
      .primaryKey()
      .references(() => buildDeployments.id, { onDelete: "cascade" }),
    agentId: integer("agent_id").notNull(),
  },
  (t) => [index("pending_deployments_agent").on(t.agentId)],
);

export const pendingHarvests = pgTable(
  "pending_harvests",
  {
    harvestRunId: integer("harvest_run_id")
      .primaryKey()
      .references(() => harvestRuns.id, { onDelete: "cascade" }),
    agentId: integer("agent_id").notNull(),
  },
  (t) => [index("pending_harvests_agent").on(t.agentId)],
);
