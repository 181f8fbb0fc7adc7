import { describe, expect, it } from "vitest";
import { type Db, openDatabase } from "../client.ts";
import { lineageEdgesAt, lineageNodes } from "./lineage.ts";

/**
 * The plans SQLite picks for the statements `run` sends: a walk of the graph
 * must cost what it reaches, not the project's size (docs/performance.md
 * "Lineage"). Without statistics SQLite preferred the project's index and
 * read every edge and every instance of the project at each step.
 */
async function plansOf(db: Db, run: () => Promise<unknown>): Promise<string[]> {
  const client = db.$client;
  const texts: string[] = [];
  const prepare = client.prepare.bind(client);
  client.prepare = ((source: string) => {
    texts.push(source);
    return prepare(source);
  }) as typeof client.prepare;
  try {
    await run();
  } finally {
    client.prepare = prepare;
  }
  return texts.flatMap((text) => {
    const params = (text.match(/\?/g) ?? []).map(() => 1);
    return (
      client.prepare(`EXPLAIN QUERY PLAN ${text}`).all(...params) as { detail: string }[]
    ).map((r) => r.detail);
  });
}

describe("lineage reads on SQLite", () => {
  it("finds the edges at a few instances by those instances, not by the project", async () => {
    const db = openDatabase(":memory:");
    for (const side of ["upstream", "downstream"] as const) {
      const plans = await plansOf(db, () => lineageEdgesAt(db, 1, [5, 6, 7], side));
      expect(plans.join("\n")).toContain(
        side === "upstream" ? "instance_references_source" : "instance_references_target",
      );
      expect(plans.join("\n")).not.toContain("instance_references_project");
    }
  });

  it("reads a few instances by their ids, not every instance of the project", async () => {
    const db = openDatabase(":memory:");
    const plans = await plansOf(db, () => lineageNodes(db, 1, [5, 6, 7]));
    expect(plans.find((p) => /^(SEARCH|SCAN) instances /.test(p))).toMatch(
      /^SEARCH instances USING INTEGER PRIMARY KEY/,
    );
  });
});
