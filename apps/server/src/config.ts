import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join, resolve } from "node:path";

/** Every setting of the server, read once at start (never at request time). */
export interface Config {
  dataDir: string;
  /** SQLite file path, or ":memory:" in tests. */
  databaseFile: string;
  host: string;
  port: number;
  jwtSecret: string;
  /** Token lifetime in seconds. */
  tokenTtl: number;
  /** Checkout lifetime in seconds. */
  checkoutTtl: number;
  sqlTimeoutMs: number;
  sqlMaxRows: number;
  /** Seconds a `wait: true` build request may block. */
  waitTimeout: number;
  /** Load the demo bundle into an empty store at start. */
  demo: boolean;
  uploadMaxBytes: number;
  uploadMaxUnpackedBytes: number;
  /** Folder of the built console, served at `/` (may not exist). */
  consoleDir: string;
  /** Mark the session cookie `Secure` (behind HTTPS). */
  secureCookies: boolean;
  /** Render worker threads; 0 renders in the calling thread. */
  buildWorkers: number;
  /** Agents are pinged this often; one silent for 2 intervals is offline (< 60 s by default). */
  agentHeartbeatMs: number;
  /** Failed sign-ins allowed per e-mail, and per client address, within `windowSeconds`. */
  loginThrottle: { perEmail: number; perClient: number; windowSeconds: number };
}

type Env = Record<string, string | undefined>;

function int(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a non-negative number`);
  return n;
}

/**
 * The JWT secret: METABUILD_JWT_SECRET, else a random one generated once and
 * kept in the data directory (never a constant in code).
 */
export function resolveJwtSecret(env: Env, dataDir: string): string {
  const fromEnv = env.METABUILD_JWT_SECRET;
  if (fromEnv) {
    if (fromEnv.length < 32) throw new Error("METABUILD_JWT_SECRET must be at least 32 characters");
    return fromEnv;
  }
  const file = join(dataDir, "jwt-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(env: Env = process.env): Config {
  const dataDir = resolve(env.METABUILD_DATA_DIR ?? "./data");
  const url = env.DATABASE_URL;
  if (url && !url.startsWith("file:") && !url.endsWith(".db") && url !== ":memory:") {
    throw new Error("DATABASE_URL: only SQLite (a file path or file: URL) is supported so far");
  }
  const databaseFile = url ? url.replace(/^file:/, "") : join(dataDir, "metabuild.db");
  return {
    dataDir,
    databaseFile,
    host: env.HOST ?? "127.0.0.1",
    port: int(env, "PORT", 8080),
    jwtSecret: resolveJwtSecret(env, dataDir),
    tokenTtl: int(env, "METABUILD_TOKEN_TTL", 86400),
    checkoutTtl: int(env, "METABUILD_CHECKOUT_TTL", 8 * 3600),
    sqlTimeoutMs: int(env, "METABUILD_SQL_TIMEOUT_MS", 30000),
    sqlMaxRows: int(env, "METABUILD_SQL_MAX_ROWS", 100000),
    waitTimeout: int(env, "METABUILD_WAIT_TIMEOUT", 300),
    demo: (env.METABUILD_DEMO ?? "off") === "on",
    uploadMaxBytes: int(env, "METABUILD_UPLOAD_MAX_BYTES", 50 * 1024 * 1024),
    uploadMaxUnpackedBytes: int(env, "METABUILD_UPLOAD_MAX_UNPACKED_BYTES", 500 * 1024 * 1024),
    consoleDir: resolve(
      env.METABUILD_CONSOLE_DIR ?? join(import.meta.dirname, "../../console/dist"),
    ),
    secureCookies: env.METABUILD_SECURE_COOKIES === "on",
    // One render worker per core (product.md §6: builds never block the API).
    buildWorkers: int(env, "METABUILD_BUILD_WORKERS", availableParallelism()),
    agentHeartbeatMs: int(env, "METABUILD_AGENT_HEARTBEAT_MS", 20000),
    loginThrottle: {
      perEmail: int(env, "METABUILD_LOGIN_FAILURES_PER_EMAIL", 10),
      perClient: int(env, "METABUILD_LOGIN_FAILURES_PER_CLIENT", 100),
      windowSeconds: int(env, "METABUILD_LOGIN_WINDOW", 900),
    },
  };
}

/** A config for tests: in-memory store, fixed secret, no demo. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    dataDir: join(process.cwd(), ".tmp", "test-data"),
    databaseFile: ":memory:",
    host: "127.0.0.1",
    port: 0,
    jwtSecret: "test-secret-test-secret-test-secret-0123456789",
    tokenTtl: 3600,
    checkoutTtl: 8 * 3600,
    sqlTimeoutMs: 5000,
    sqlMaxRows: 100000,
    waitTimeout: 60,
    demo: false,
    uploadMaxBytes: 50 * 1024 * 1024,
    uploadMaxUnpackedBytes: 500 * 1024 * 1024,
    consoleDir: join(process.cwd(), ".tmp", "no-console"),
    secureCookies: false,
    buildWorkers: 0,
    agentHeartbeatMs: 20000,
    loginThrottle: { perEmail: 10, perClient: 100, windowSeconds: 900 },
    ...overrides,
  };
}
