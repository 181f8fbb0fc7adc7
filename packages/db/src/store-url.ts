import { resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** The two stores (docs/stores.md): SQLite, embedded (the default), or a PostgreSQL server. */
export type StoreKind = "sqlite" | "postgres";

export type StoreLocation = { kind: "sqlite"; file: string } | { kind: "postgres"; url: string };

const POSTGRES = /^postgres(ql)?:\/\//i;

/**
 * What DATABASE_URL names: a SQLite file (a path, ":memory:", or a `file:`
 * URL) or a PostgreSQL server (`postgres://` or `postgresql://`). Any other
 * scheme is refused rather than taken as a relative path that would create a
 * folder named after it. Errors never repeat the URL (it may hold a password).
 */
export function parseDatabaseUrl(url: string): StoreLocation {
  if (url === ":memory:") return { kind: "sqlite", file: url };
  if (POSTGRES.test(url)) {
    try {
      new URL(url);
    } catch {
      throw new Error("DATABASE_URL is not a valid postgres:// URL");
    }
    return { kind: "postgres", url };
  }
  if (/^file:\/\//i.test(url)) return { kind: "sqlite", file: fileURLToPath(url) };
  if (/^file:/i.test(url)) return { kind: "sqlite", file: resolve(url.slice("file:".length)) };
  // A scheme is letters then ":" (two or more letters, so a Windows drive letter is a path).
  if (/^[a-z][a-z0-9+.-]+:/i.test(url))
    throw new Error(
      `DATABASE_URL must be a SQLite file path or file: URL, or a postgres:// URL; '${url.split(":")[0]}:' URLs are not supported`,
    );
  return { kind: "sqlite", file: resolve(url) };
}

/** A PostgreSQL URL fit for messages and logs: its password (in the user part or `?password=`) as `***`. */
export function redactDatabaseUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    if (u.searchParams.has("password")) u.searchParams.set("password", "***");
    return u.toString();
  } catch {
    // Not a URL we can take apart: keep only what stands before any credentials.
    return url.replace(/\/\/[^/]*@/, "//***@");
  }
}
