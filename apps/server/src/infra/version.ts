import { execFileSync } from "node:child_process";
import { PACKAGE_VERSION } from "./package-version.ts";

export interface VersionInfo {
  /** apps/server/package.json's version. */
  version: string;
  /** The commit running: METABUILD_COMMIT, else `git rev-parse HEAD`, else "unknown". */
  commit: string;
}

let known: VersionInfo | undefined;

function commitOf(env: Record<string, string | undefined>): string {
  const fromEnv = env.METABUILD_COMMIT?.trim();
  if (fromEnv) return fromEnv;
  try {
    return execFileSync("git", ["rev-parse", "HEAD"], {
      cwd: import.meta.dirname,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
      timeout: 2000,
    }).trim();
  } catch {
    // No git (a container image) or not a checkout: the version alone must do.
    return "unknown";
  }
}

/** Read once per process (docs/observability.md "Version"); never fails. */
export function versionInfo(env: Record<string, string | undefined> = process.env): VersionInfo {
  if (known) return known;
  known = { version: PACKAGE_VERSION, commit: commitOf(env) };
  return known;
}
