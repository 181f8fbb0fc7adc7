import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Node 20 is past its end of life (2026-04-30): the project runs on the LTS
 * lines 22 and 24, CI (`.ci/run`) on 24, and better-sqlite3 13 needs 22+
 * (README "Run it", docs/operations.md "Install").
 */

const repoRoot = join(import.meta.dirname, "../../..");
const manifest = (path: string) =>
  JSON.parse(readFileSync(join(repoRoot, path), "utf8")) as { engines?: { node?: string } };

describe("the Node versions", () => {
  it("the tests run on a supported LTS line (22 or newer)", () => {
    expect(Number(process.versions.node.split(".")[0])).toBeGreaterThanOrEqual(22);
  });

  it("engines of the workspace and of the agent's package say 22 or newer", () => {
    for (const path of ["package.json", "apps/agent/package.json"])
      expect(manifest(path).engines?.node, path).toBe(">=22");
  });

  it(".ci/run brings Node 24 when the machine's is older", () => {
    const ci = readFileSync(join(repoRoot, ".ci/run"), "utf8");
    expect(ci).toContain("node@24");
    expect(ci).toMatch(/node_major < 22/);
  });
});
