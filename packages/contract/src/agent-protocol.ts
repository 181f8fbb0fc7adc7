import { z } from "zod";
import { HARVEST_AGENT_MESSAGES, HarvestMessage } from "./harvest-protocol.ts";

export * from "./harvest-protocol.ts";

/**
 * The messages on an agent's WebSocket (`/api/agents/ws`), both ways. Every
 * frame is one JSON text. An agent signs in with `hello` as its first frame;
 * the server answers `welcome` or closes with one of `AgentCloseCode` and a
 * reason a person can read. Liveness is an application-level ping/pong.
 */

export const AGENT_SOCKET_PATH = "/api/agents/ws";

/** Close codes the server uses (4000-4999 is the application range). */
export const AgentCloseCode = {
  /** The first frame was not a valid `hello`, or none came in time. */
  badHello: 4400,
  /** Unknown agent id, wrong secret, or a deleted agent: do not retry. */
  refused: 4401,
  /** The agent is disabled: do not retry until an admin enables it. */
  disabled: 4403,
  /** No frame within the heartbeat limit. */
  heartbeat: 4408,
  /** A newer connection of the same agent took over. */
  replaced: 4409,
  /** More bytes before sign-in, or a larger frame, than the server takes (docs/agents.md). */
  tooBig: 1009,
  /** The server is stopping or restarting ("service restart"): reconnect. */
  shutdown: 1012,
} as const;

/** Close codes after which reconnecting cannot help. */
export const FATAL_CLOSE_CODES: readonly number[] = [
  AgentCloseCode.refused,
  AgentCloseCode.disabled,
];

export const DEPLOYMENT_KINDS = ["directory", "sql"] as const;
export type DeploymentKind = (typeof DEPLOYMENT_KINDS)[number];

export const RUN_OUTCOMES = ["SUCCEEDED", "FAILED"] as const;

// ---- agent → server -------------------------------------------------------

export const HelloMessage = z.object({
  type: z.literal("hello"),
  agent_id: z.string().min(1),
  secret: z.string().min(1),
  /** Free text for the server's log, e.g. `metabuild-agent/1 host-a`. */
  client: z.string().max(200).optional(),
  /** Names of the sources in the agent's agent.yaml it can harvest (docs/harvesting.md). */
  sources: z.array(z.string().min(1).max(100)).max(200).optional(),
});

export const PongMessage = z.object({ type: z.literal("pong") });

export const RunStartedMessage = z.object({
  type: z.literal("run_started"),
  run_id: z.number().int(),
});

export const RunLogMessage = z.object({
  type: z.literal("run_log"),
  run_id: z.number().int(),
  line: z.string().max(10_000),
});

export const RunFinishedMessage = z.object({
  type: z.literal("run_finished"),
  run_id: z.number().int(),
  status: z.enum(RUN_OUTCOMES),
  /** Why it failed (also sent as the last log line). */
  message: z.string().max(10_000).optional(),
});

export const AgentMessage = z.discriminatedUnion("type", [
  HelloMessage,
  PongMessage,
  RunStartedMessage,
  RunLogMessage,
  RunFinishedMessage,
  ...HARVEST_AGENT_MESSAGES,
]);
export type AgentMessage = z.infer<typeof AgentMessage>;

// ---- server → agent -------------------------------------------------------

export const WelcomeMessage = z.object({
  type: z.literal("welcome"),
  agent: z.object({
    id: z.number().int(),
    agent_id: z.string(),
    name: z.string(),
    group_id: z.number().int().nullable(),
  }),
  /** The server pings this often; an agent hearing nothing for 3× reconnects. */
  heartbeat_ms: z.number().int().positive(),
});

export const PingMessage = z.object({ type: z.literal("ping") });

export const DeployMessage = z.object({
  type: z.literal("deploy"),
  /** The build deployment's id; every run_* answer carries it. */
  run_id: z.number().int(),
  build_id: z.number().int(),
  pattern: z.object({ id: z.number().int(), name: z.string() }),
  deployment: z.object({
    id: z.number().int(),
    name: z.string(),
    kind: z.enum(DEPLOYMENT_KINDS),
    /** Kind-specific settings from the pattern's deployment definition. */
    config: z.record(z.string(), z.unknown()),
    /** The agent stops the run (rolled back) and fails it after this many seconds (docs/agents.md). */
    time_limit_seconds: z.number().int().positive().optional(),
  }),
  archive: z.object({
    name: z.string(),
    /** sha256 (hex) recorded when the build stored the archive. */
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
    size: z.number().int().nonnegative(),
    /** The archive's bytes, base64. */
    data: z.string(),
  }),
});
export type DeployMessage = z.infer<typeof DeployMessage>;

/** A user cancelled the run: stop it if it runs (rolled back), never start it if it waits. */
export const CancelMessage = z.object({
  type: z.literal("cancel"),
  run_id: z.number().int(),
});
export type CancelMessage = z.infer<typeof CancelMessage>;

export const ServerMessage = z.discriminatedUnion("type", [
  WelcomeMessage,
  PingMessage,
  DeployMessage,
  CancelMessage,
  HarvestMessage,
]);
export type ServerMessage = z.infer<typeof ServerMessage>;

/** Parses one frame's text; undefined when it is not JSON or not a known message. */
export function parseFrame<S extends z.ZodType>(schema: S, text: string): z.output<S> | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}
