import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const main = join(import.meta.dirname, "..", "cli", "main.ts");
const root = join(import.meta.dirname, "..", "..", "..", "..");

/** `metabuild --version` in a process of its own (main.ts exits when done). */
function version(env: Record<string, string>): string {
  return execFileSync(process.execPath, ["--import", "tsx", main, "--version"], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, ...env },
  }).trim();
}

describe("metabuild --version", { timeout: 30_000 }, () => {
  it("prints the package version and the commit of METABUILD_COMMIT", () => {
    expect(version({ METABUILD_COMMIT: "abc1234" })).toMatch(
      /^metabuild \d+\.\d+\.\d+ \(commit abc1234\)$/,
    );
  });

  it("without METABUILD_COMMIT and without git, says 'unknown' instead of failing", () => {
    expect(version({ METABUILD_COMMIT: "", PATH: "/nonexistent" })).toMatch(
      /^metabuild \d+\.\d+\.\d+ \(commit unknown\)$/,
    );
  });
});
