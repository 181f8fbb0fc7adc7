import { randomBytes } from "node:crypto";
import { type OidcConfig, oidcConfig } from "./config-oidc.ts";
import { type Env, SWITCH_WORDS, flag, int } from "./config-values.ts";
import { shippedFolder } from "./infra/install-layout.ts";
import {
  existsSync,
  linkSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { availableParallelism } from "node:os";
import { join, resolve } from "node:path";
import {
  DEFAULT_JSON_MAX_DEPTH,
  DEFAULT_WRITE_LIMITS,
  type WriteLimits,
} from "@metabuild/contract";
import { DEFAULT_RENDER_OUTPUT_LIMITS, DEFAULT_VIEW_MAX_EXPANDED } from "@metabuild/core";
import type { StoreToOpen } from "@metabuild/db";
import { type StoreKind, parseDatabaseUrl } from "@metabuild/db/store-url";

/** Every setting of the server, read once at start (never at request time). */
export interface Config {
  dataDir: string;
  /** Which store DATABASE_URL names (docs/stores.md). */
  storeKind: StoreKind;
  /** SQLite file path, or ":memory:" in tests; "" on PostgreSQL. */
  databaseFile: string;
  /** The PostgreSQL URL (may hold a password: never print it unredacted); "" on SQLite. */
  postgresUrl: string;
  /** Most connections one process opens to PostgreSQL. */
  postgresPoolMax: number;
  host: string;
  port: number;
  jwtSecret: string;
  /** Token lifetime in seconds. */
  tokenTtl: number;
  /** Checkout lifetime in seconds. */
  checkoutTtl: number;
  sqlTimeoutMs: number;
  sqlMaxRows: number;
  /** Metadata scripts one user may run at once; more wait up to `sqlQueueMs`, then 429. */
  sqlPerUser: number;
  /** How long a metadata script may wait for a free executor before it is refused (429). */
  sqlQueueMs: number;
  /** Most metadata executor child processes at once (all users together). */
  sqlExecutors: number;
  /** How deep views over views may nest in a metadata statement (docs/metadata-sql.md "Views"). */
  sqlViewDepth: number;
  /** How large a metadata statement may grow with its views expanded (docs/metadata-sql.md "Views"). */
  sqlViewMaxExpanded: number;
  /** Longest a CLI import holds the store's write lock before letting the server's writers in. */
  importLockMs: number;
  /** Seconds a `wait: true` build request may block. */
  waitTimeout: number;
  /** Seconds a stopping server (SIGTERM/SIGINT) gives requests in flight (docs/operations.md "Shutdown"). */
  shutdownGraceSeconds: number;
  /**
   * Seconds an idle client connection stays open for its next request: longer
   * than a proxy's idle timeout, so none reuses a connection the server is
   * closing (docs/operations.md "Behind a proxy").
   */
  keepAliveSeconds: number;
  /**
   * Seconds after which a SQLite store's server lease whose holder stopped
   * renewing it is passed over (docs/scale-out.md "One server per SQLite store").
   */
  serverLeaseStaleSeconds: number;
  /** Seconds after which a build whose server process stopped heartbeating is taken over (docs/scale-out.md "Builds"). */
  buildClaimStaleSeconds: number;
  /** Seconds after which an agent connection whose server process stopped heartbeating is cleaned up (docs/scale-out.md "Agents"). */
  agentConnectionStaleSeconds: number;
  /** Load the demo bundle into an empty store at start. */
  demo: boolean;
  uploadMaxBytes: number;
  uploadMaxUnpackedBytes: number;
  /** The one set of limits for names, paths and values, for every way in (docs/limits.md). */
  limits: WriteLimits;
  /** Folder of the built console, served at `/` (may not exist). */
  consoleDir: string;
  /** Mark the session cookie `Secure` (behind HTTPS). */
  secureCookies: boolean;
  /** Largest request body of every endpoint but the spreadsheet upload (docs/http-edge.md). */
  bodyMaxBytes: number;
  /** Largest bundle `POST /api/console/bundles` takes, instead of bodyMaxBytes (docs/bundles.md). */
  bundleMaxBytes: number;
  /** Entries of all lists of one bundle over HTTP (releases, instances, rows, …; docs/limits.md "Cost of one request"). */
  bundleMaxItems: number;
  /**
   * Reverse proxies in front whose `X-Forwarded-For/-Proto/-Host` count; 0 = none
   * (docs/http-edge.md "Behind a reverse proxy").
   */
  trustProxy: number;
  /** Single sign-on (METABUILD_OIDC_*), or null (docs/identity.md "Single sign-on"). */
  oidc: OidcConfig | null;
  /** Whether people may sign in with a password (METABUILD_LOCAL_PASSWORDS; off needs oidc). */
  localPasswords: boolean;
  /** Path prefix of every URL ("" or e.g. "/metabuild"), for a proxy's sub-path (docs/http-edge.md). */
  basePath: string;
  /** Render worker threads; 0 renders in the calling thread. */
  buildWorkers: number;
  /** V8 heap limit of each render worker in MB; a template past it fails its build (docs/builds.md). */
  renderMemoryMb: number;
  /** A render worker or SQL executor idle this long ends; the next job starts one (docs/limits.md). */
  childIdleSeconds: number;
  /** Bytes of one rendered file, and of each text a template builds (docs/limits.md "Rendered output"). */
  renderMaxFileBytes: number;
  /** Bytes of all files one build or one preview renders (docs/limits.md "Rendered output"). */
  renderMaxTotalBytes: number;
  /** Agents are pinged this often; one silent for 2 intervals is offline (< 60 s by default). */
  agentHeartbeatMs: number;
  /** Bytes a socket may send on the agents' WebSocket before its sign-in succeeds (docs/agents.md). */
  agentPreHelloBytes: number;
  /** Agent sockets not (yet) signed in, per client address; more are refused with 429. */
  agentUnauthenticatedPerAddress: number;
  /** Largest frame a signed-in agent may send. */
  agentFrameMaxBytes: number;
  /** A build deployment's stored log, in bytes; past it a "log truncated" line ends the agent's lines. */
  agentRunLogMaxBytes: number;
  /** A deployment run's time limit unless its definition sets `time_limit_seconds` (docs/agents.md). */
  deploymentTimeLimitSeconds: number;
  /** Rows a harvested catalog may bring (tables + columns + keys + foreign keys; docs/harvesting.md). */
  harvestMaxRows: number;
  /** Harvest schedules one project may hold, and the fewest minutes between two fires of one (docs/harvesting.md). */
  harvestSchedules: { perProject: number; minIntervalMinutes: number };
  /** How deep arrays and objects may nest in a JSON body or a bundle (docs/limits.md "Nesting"). */
  jsonMaxDepth: number;
  /**
   * Failed sign-ins allowed within `windowSeconds` per (e-mail, client address)
   * and per client address; past `perEmail` across addresses an e-mail is
   * braked to one try per address (docs/sign-in-throttling.md).
   */
  /** pino level of the server log: fatal, error, warn, info, debug, trace or silent (docs/observability.md). */
  logLevel: string;
  /** When set, `/metrics` needs it as a bearer token (docs/observability.md). */
  metricsToken: string;
  /** Fewest characters of a password a person sets (docs/users-and-access.md). */
  passwordMinLength: number;
  /** Longest life of an API token, in days (docs/identity.md). */
  apiTokenMaxDays: number;
  /** Days audit events are kept; 0 keeps them forever (docs/audit-log.md). */
  auditRetentionDays: number;
  /** Most instances one impact (dry run) renders before and after (docs/lineage.md "Impact"). */
  impactMaxInstances: number;
  loginThrottle: {
    perEmailAndClient: number;
    perClient: number;
    perEmail: number;
    windowSeconds: number;
  };
}

/** METABUILD_PG_POOL_MAX: a pool of no connections could never answer. */
function poolMax(env: Env): number {
  const max = int(env, "METABUILD_PG_POOL_MAX", 10);
  if (max < 1)
    throw new Error(`METABUILD_PG_POOL_MAX must be at least 1, not '${env.METABUILD_PG_POOL_MAX}'`);
  return max;
}

/** METABUILD_TRUST_PROXY: a number of hops; on/true and off/false (older settings) mean 1 and 0. */
function proxyHops(env: Env): number {
  const raw = env.METABUILD_TRUST_PROXY?.trim() ?? "";
  if (/^\d+$/.test(raw)) return int(env, "METABUILD_TRUST_PROXY", 0);
  const on = SWITCH_WORDS[raw.toLowerCase()];
  if (raw === "" || on !== undefined) return on ? 1 : 0;
  throw new Error(
    `METABUILD_TRUST_PROXY must be a number of proxies (0 = none; also on/off, true/false), not '${env.METABUILD_TRUST_PROXY}'`,
  );
}

/** Single sign-on and whether passwords stay: passwords off without a provider would lock everyone out. */
function identityOf(env: Env): { oidc: OidcConfig | null; localPasswords: boolean } {
  const oidc = oidcConfig(env);
  const localPasswords = flag(env, "METABUILD_LOCAL_PASSWORDS", true);
  if (!localPasswords && !oidc)
    throw new Error("METABUILD_LOCAL_PASSWORDS=off needs single sign-on (METABUILD_OIDC_ISSUER)");
  return { oidc, localPasswords };
}

/** METABUILD_BASE_PATH: "" or "/a/b", whatever slashes it was written with. */
function basePathOf(env: Env): string {
  const raw = env.METABUILD_BASE_PATH ?? "";
  const path = raw.trim().replace(/^\/+|\/+$/g, "");
  if (path === "") return "";
  if (!/^[A-Za-z0-9._~-]+(\/[A-Za-z0-9._~-]+)*$/.test(path) || /(^|\/)\.\.?(\/|$)/.test(path))
    throw new Error(
      `METABUILD_BASE_PATH must be a URL path such as /metabuild (letters, digits, - . _ ~ between slashes), not '${raw}'`,
    );
  return `/${path}`;
}

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"];

function logLevel(env: Env): string {
  const level = (env.METABUILD_LOG_LEVEL ?? "info").trim().toLowerCase() || "info";
  if (!LOG_LEVELS.includes(level))
    throw new Error(`METABUILD_LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")}, not '${level}'`);
  return level;
}

const MIN_SECRET = 32;
const TOO_SHORT = `must be at least ${MIN_SECRET} characters`;

/**
 * The JWT secret: METABUILD_JWT_SECRET, else a random one generated once and
 * kept in the data directory (never a constant in code).
 */
export function resolveJwtSecret(env: Env, dataDir: string): string {
  const fromEnv = env.METABUILD_JWT_SECRET;
  if (fromEnv) {
    if (fromEnv.length < MIN_SECRET) throw new Error(`METABUILD_JWT_SECRET ${TOO_SHORT}`);
    return fromEnv;
  }
  const file = join(dataDir, "jwt-secret");
  const kept = existsSync(file) ? readFileSync(file, "utf8").trim() : "";
  if (kept.length >= MIN_SECRET) return kept;
  // A kept secret that is too short was put there by hand: say so rather than replace it.
  if (kept !== "") throw new Error(`The JWT secret in ${file} ${TOO_SHORT}`);
  // None yet, or an empty file left by an interrupted first start (an empty key signs nothing).
  // Written aside, then linked into place: the file appears whole, and when another
  // process (the CLI, a second server) was first, its secret is kept and used.
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString("base64url");
  const aside = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
  writeFileSync(aside, secret, { mode: 0o600 });
  try {
    if (existsSync(file)) renameSync(aside, file);
    else linkSync(aside, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    return resolveJwtSecret(env, dataDir);
  } finally {
    rmSync(aside, { force: true });
  }
  return secret;
}

export function loadConfig(env: Env = process.env): Config {
  const dataDir = resolve(env.METABUILD_DATA_DIR ?? "./data");
  const url = env.DATABASE_URL?.trim();
  // A path, file: URL or postgres:// URL; anything else is refused (docs/stores.md).
  const store = url
    ? parseDatabaseUrl(url)
    : { kind: "sqlite" as const, file: join(dataDir, "metabuild.db") };
  return {
    dataDir,
    storeKind: store.kind,
    databaseFile: store.kind === "sqlite" ? store.file : "",
    postgresUrl: store.kind === "postgres" ? store.url : "",
    postgresPoolMax: poolMax(env),
    host: env.HOST ?? "127.0.0.1",
    port: int(env, "PORT", 8080),
    jwtSecret: resolveJwtSecret(env, dataDir),
    tokenTtl: int(env, "METABUILD_TOKEN_TTL", 86400),
    checkoutTtl: int(env, "METABUILD_CHECKOUT_TTL", 8 * 3600),
    sqlTimeoutMs: int(env, "METABUILD_SQL_TIMEOUT_MS", 30000),
    sqlMaxRows: int(env, "METABUILD_SQL_MAX_ROWS", 100000),
    sqlPerUser: Math.max(1, int(env, "METABUILD_SQL_PER_USER", 2)),
    sqlQueueMs: int(env, "METABUILD_SQL_QUEUE_MS", 2000),
    sqlExecutors: Math.max(1, int(env, "METABUILD_SQL_EXECUTORS", 4)),
    sqlViewDepth: Math.max(1, int(env, "METABUILD_SQL_VIEW_DEPTH", 16)),
    sqlViewMaxExpanded: Math.max(
      1,
      int(env, "METABUILD_SQL_VIEW_MAX_EXPANDED", DEFAULT_VIEW_MAX_EXPANDED),
    ),
    importLockMs: int(env, "METABUILD_IMPORT_LOCK_MS", 200),
    waitTimeout: int(env, "METABUILD_WAIT_TIMEOUT", 300),
    shutdownGraceSeconds: int(env, "METABUILD_SHUTDOWN_GRACE", 25),
    keepAliveSeconds: Math.max(1, int(env, "METABUILD_KEEP_ALIVE_TIMEOUT", 65)),
    serverLeaseStaleSeconds: Math.max(1, int(env, "METABUILD_SERVER_LEASE_STALE", 30)),
    buildClaimStaleSeconds: Math.max(1, int(env, "METABUILD_BUILD_CLAIM_STALE", 30)),
    agentConnectionStaleSeconds: Math.max(1, int(env, "METABUILD_AGENT_CONNECTION_STALE", 30)),
    demo: flag(env, "METABUILD_DEMO", false),
    uploadMaxBytes: int(env, "METABUILD_UPLOAD_MAX_BYTES", 50 * 1024 * 1024),
    uploadMaxUnpackedBytes: int(env, "METABUILD_UPLOAD_MAX_UNPACKED_BYTES", 500 * 1024 * 1024),
    limits: {
      nameLength: int(env, "METABUILD_MAX_NAME_LENGTH", DEFAULT_WRITE_LIMITS.nameLength),
      pathLength: int(env, "METABUILD_MAX_PATH_LENGTH", DEFAULT_WRITE_LIMITS.pathLength),
      valueLength: int(env, "METABUILD_MAX_VALUE_LENGTH", DEFAULT_WRITE_LIMITS.valueLength),
      uploadCharacters: int(
        env,
        "METABUILD_UPLOAD_MAX_CHARACTERS",
        DEFAULT_WRITE_LIMITS.uploadCharacters,
      ),
    },
    consoleDir: resolve(
      env.METABUILD_CONSOLE_DIR ??
        shippedFolder(import.meta.url, "console", join(import.meta.dirname, "../../console/dist")),
    ),
    secureCookies: flag(env, "METABUILD_SECURE_COOKIES", false),
    bodyMaxBytes: int(env, "METABUILD_BODY_MAX_BYTES", 10 * 1024 * 1024),
    bundleMaxBytes: int(env, "METABUILD_BUNDLE_MAX_BYTES", 16 * 1024 * 1024),
    bundleMaxItems: Math.max(1, int(env, "METABUILD_BUNDLE_MAX_ITEMS", 200_000)),
    trustProxy: proxyHops(env),
    basePath: basePathOf(env),
    ...identityOf(env),
    // One render worker per core (docs/reference/rules.md §6: builds never block the API).
    buildWorkers: int(env, "METABUILD_BUILD_WORKERS", availableParallelism()),
    renderMemoryMb: Math.max(32, int(env, "METABUILD_RENDER_MEMORY_MB", 512)),
    childIdleSeconds: Math.max(1, int(env, "METABUILD_CHILD_IDLE_SECONDS", 60)),
    renderMaxFileBytes: Math.max(
      1024,
      int(env, "METABUILD_RENDER_MAX_FILE_BYTES", DEFAULT_RENDER_OUTPUT_LIMITS.fileBytes),
    ),
    renderMaxTotalBytes: Math.max(
      1024,
      int(env, "METABUILD_RENDER_MAX_TOTAL_BYTES", DEFAULT_RENDER_OUTPUT_LIMITS.totalBytes),
    ),
    agentHeartbeatMs: int(env, "METABUILD_AGENT_HEARTBEAT_MS", 20000),
    agentPreHelloBytes: Math.max(1024, int(env, "METABUILD_AGENT_PRE_HELLO_BYTES", 4096)),
    agentUnauthenticatedPerAddress: int(env, "METABUILD_AGENT_UNAUTHENTICATED_PER_ADDRESS", 10),
    agentFrameMaxBytes: Math.max(65536, int(env, "METABUILD_AGENT_FRAME_MAX_BYTES", 1048576)),
    agentRunLogMaxBytes: Math.max(2048, int(env, "METABUILD_AGENT_RUN_LOG_MAX_BYTES", 1048576)),
    deploymentTimeLimitSeconds: Math.max(
      1,
      int(env, "METABUILD_DEPLOYMENT_TIME_LIMIT_SECONDS", 3600),
    ),
    harvestMaxRows: Math.max(1, int(env, "METABUILD_HARVEST_MAX_ROWS", 500000)),
    harvestSchedules: {
      perProject: int(env, "METABUILD_HARVEST_SCHEDULES_PER_PROJECT", 20),
      minIntervalMinutes: Math.max(1, int(env, "METABUILD_HARVEST_SCHEDULE_MIN_MINUTES", 5)),
    },
    jsonMaxDepth: Math.max(8, int(env, "METABUILD_MAX_JSON_DEPTH", DEFAULT_JSON_MAX_DEPTH)),
    logLevel: logLevel(env),
    metricsToken: env.METABUILD_METRICS_TOKEN ?? "",
    passwordMinLength: Math.max(1, int(env, "METABUILD_PASSWORD_MIN_LENGTH", 10)),
    apiTokenMaxDays: Math.max(1, int(env, "METABUILD_API_TOKEN_MAX_DAYS", 365)),
    auditRetentionDays: int(env, "METABUILD_AUDIT_RETENTION_DAYS", 0),
    impactMaxInstances: Math.max(1, int(env, "METABUILD_IMPACT_MAX_INSTANCES", 10_000)),
    loginThrottle: {
      perEmailAndClient: int(env, "METABUILD_LOGIN_FAILURES_PER_EMAIL_AND_CLIENT", 10),
      perClient: int(env, "METABUILD_LOGIN_FAILURES_PER_CLIENT", 100),
      perEmail: int(env, "METABUILD_LOGIN_FAILURES_PER_EMAIL", 100),
      windowSeconds: int(env, "METABUILD_LOGIN_WINDOW", 900),
    },
  };
}

/**
 * The store to open, as packages/db takes it: the one place that reads which
 * kind DATABASE_URL named (docs/stores.md "One port, two adapters").
 */
export function storeOf(
  config: Pick<Config, "storeKind" | "databaseFile" | "postgresUrl" | "postgresPoolMax">,
): StoreToOpen {
  return config.storeKind === "postgres"
    ? { kind: "postgres", url: config.postgresUrl, maxConnections: config.postgresPoolMax }
    : { kind: "sqlite", file: config.databaseFile };
}

/** The store tests start from: the embedded one, in memory. */
export const IN_MEMORY_STORE = {
  storeKind: "sqlite",
  databaseFile: ":memory:",
  postgresUrl: "",
  postgresPoolMax: 10,
} as const satisfies Pick<Config, "storeKind" | "databaseFile" | "postgresUrl" | "postgresPoolMax">;

/**
 * This process is its store's only server (SQLite, under the store's lease:
 * docs/scale-out.md); PostgreSQL is shared by several. As configured, so a
 * test harness keeps the answer its config gives.
 */
export function servesStoreAlone(config: Pick<Config, "storeKind">): boolean {
  return config.storeKind === "sqlite";
}

// Tests build their config from the defaults without the environment.
export { testConfig } from "./config-test.ts";
