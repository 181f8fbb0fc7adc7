import { pino } from "pino";
import pretty from "pino-pretty";

/** One line of the request log (docs/observability.md "Request log"). */
export interface RequestLogEntry {
  request_id: string;
  method: string;
  /** The matched route pattern (`/api/v1/instances/:id`), never the raw path. */
  route: string;
  status: number;
  ms: number;
  user_id?: number;
  /** The client's address, behind trusted proxies the one they forward (docs/http-edge.md). */
  client?: string;
  /** Bytes sent for the answer, headers included (docs/observability.md "Request log"). */
  bytes?: number;
}

/**
 * What the server logs through. Console-shaped, so tests pass `console` or
 * a silent object; `request` is optional (a console logger prints the entry).
 */
export interface Logger extends Pick<Console, "info" | "warn" | "error"> {
  request?(entry: RequestLogEntry): void;
}

export interface LoggerOptions {
  /** A pino level: fatal, error, warn, info, debug, trace, silent. */
  level: string;
  /** Where lines go (tests); default stdout, pretty-printed when it is a terminal. */
  destination?: { write(line: string): void };
}

/**
 * Never a secret in the log: these keys are censored wherever an object is
 * logged (the request log itself holds none of them).
 */
const REDACT = [
  "password",
  "token",
  "accessToken",
  "secret",
  "authorization",
  "cookie",
  "*.password",
  "*.token",
  "*.accessToken",
  "*.secret",
  "*.authorization",
  "*.cookie",
  "headers.authorization",
  "headers.cookie",
];

type Level = "info" | "warn" | "error";

/** A pino logger behind the console-shaped `Logger` (JSON lines; pretty on a TTY). */
export function createLogger(options: LoggerOptions): Logger {
  const destination =
    options.destination ??
    (process.stdout.isTTY ? pretty({ colorize: true, destination: 1 }) : pino.destination(1));
  const base = pino(
    {
      level: options.level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACT, censor: "[redacted]" },
    },
    destination,
  );
  // Console-style calls (`logger.error("build 3 failed:", err)`): strings make
  // the message, an Error goes to `err`, a plain object adds its fields.
  const log =
    (level: Level) =>
    (...args: unknown[]) => {
      const fields: Record<string, unknown> = {};
      const words: string[] = [];
      for (const a of args) {
        if (a instanceof Error) fields.err = a;
        else if (a !== null && typeof a === "object") Object.assign(fields, a);
        else words.push(String(a));
      }
      base[level](fields, words.join(" "));
    };
  return {
    info: log("info"),
    warn: log("warn"),
    error: log("error"),
    request: (entry) => base.info(entry, "request"),
  };
}
