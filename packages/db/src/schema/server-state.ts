import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { wideInteger } from "./wide-integer.ts";
import { agents, buildDeployments, builds } from "./builds.ts";
import { harvestRuns } from "./harvests.ts";

/**
 * The one server process a SQLite store allows (docs/scale-out.md "One
 * server per SQLite store"): at most one row, id 1. `holder` is a random id
 * of the holding process's run; times are milliseconds since the epoch.
 */
export const serverLease = sqliteTable("server_lease", {
  id: integer("id").primaryKey(),
  holder: text("holder").notNull(),
  pid: integer("pid").notNull(),
  host: text("host").notNull(),
  /** The kernel's boot id and the process's start tick on Linux, "" elsewhere: tells a reused pid. */
  processStart: text("process_start").notNull(),
  since: wideInteger("since").notNull(),
  heartbeatAt: wideInteger("heartbeat_at").notNull(),
});

/**
 * Failed sign-ins inside the throttle's window, shared by every server
 * process (docs/sign-in-throttling.md). The e-mail is kept as a hash: a
 * password typed into the e-mail field must not be stored in clear.
 */
export const signInFailures = sqliteTable(
  "sign_in_failures",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    emailHash: text("email_hash").notNull(),
    /** The client as the throttle counts it (an IPv6 address as its /64). */
    client: text("client").notNull(),
    /** Milliseconds since the epoch. */
    failedAt: wideInteger("failed_at").notNull(),
    /** 1 once a success of the same e-mail from the same client: the pair's count starts over. */
    pairCleared: integer("pair_cleared").notNull().default(0),
  },
  (t) => [
    index("sign_in_failures_email").on(t.emailHash, t.failedAt),
    index("sign_in_failures_client").on(t.client, t.failedAt),
    index("sign_in_failures_time").on(t.failedAt),
  ],
);

/**
 * Which server process renders a BUILDING build (docs/scale-out.md "Builds"):
 * at most one row per build. A claim whose heartbeat is older than the stale
 * bound belongs to a process that died or froze; another process takes the
 * build over (`takeovers` counts how often, so a build that kills its
 * process every time ends FAILED instead of going round for ever).
 */
export const buildClaims = sqliteTable("build_claims", {
  buildId: integer("build_id")
    .primaryKey()
    .references(() => builds.id, { onDelete: "cascade" }),
  /** A random id of the claiming process's run. */
  claimedBy: text("claimed_by").notNull(),
  /** Milliseconds since the epoch. */
  heartbeatAt: wideInteger("heartbeat_at").notNull(),
  takeovers: integer("takeovers").notNull().default(0),
});

/**
 * Which server process holds an agent's socket (docs/scale-out.md "Agents"):
 * at most one row per agent. The holder renews `heartbeat_at` every fifth of
 * the stale bound; a row older than that belongs to a process that died or
 * froze, and another process cleans up after it (agent offline, its runs
 * FAILED).
 */
export const agentConnections = sqliteTable("agent_connections", {
  agentId: integer("agent_id")
    .primaryKey()
    .references(() => agents.id, { onDelete: "cascade" }),
  /** A random id of the holding process's run. */
  heldBy: text("held_by").notNull(),
  /** Milliseconds since the epoch. */
  heartbeatAt: wideInteger("heartbeat_at").notNull(),
  /** The harvest sources the agent announced in its hello (a JSON array of names). */
  sources: text("sources").notNull().default("[]"),
});

/**
 * Deployment runs stored but not yet sent to their agent: the process
 * holding the agent's socket takes the row (one delete) and sends the run,
 * so a run is sent once whichever process heard of it first.
 */
export const pendingDeployments = sqliteTable(
  "pending_deployments",
  {
    buildDeploymentId: integer("build_deployment_id")
      .primaryKey()
      .references(() => buildDeployments.id, { onDelete: "cascade" }),
    agentId: integer("agent_id").notNull(),
  },
  (t) => [index("pending_deployments_agent").on(t.agentId)],
);

/** Harvest runs stored but not yet sent to their agent: the same queue as pendingDeployments. */
export const pendingHarvests = sqliteTable(
  "pending_harvests",
  {
    harvestRunId: integer("harvest_run_id")
      .primaryKey()
      .references(() => harvestRuns.id, { onDelete: "cascade" }),
    agentId: integer("agent_id").notNull(),
  },
  (t) => [index("pending_harvests_agent").on(t.agentId)],
);
