import { randomBytes } from "node:crypto";
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
import { DEFAULT_WRITE_LIMITS, type WriteLimits } from "@metabuild/contract";

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
  /** The one set of limits for names, paths and values, for every way in (docs/limits.md). */
  limits: WriteLimits;
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
  const n = Number(raw.trim());
  if (!Number.isSafeInteger(n) || n < 0)
    throw new Error(`${name} must be a non-negative whole number, not '${raw}'`);
  return n;
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
    limits: { ...DEFAULT_WRITE_LIMITS },
    consoleDir: join(process.cwd(), ".tmp", "no-console"),
    secureCookies: false,
    buildWorkers: 0,
    agentHeartbeatMs: 20000,
    loginThrottle: { perEmail: 10, perClient: 100, windowSeconds: 900 },
    ...overrides,
  };
}
