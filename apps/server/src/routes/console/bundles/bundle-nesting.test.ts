import { describe, expect, it } from "vitest";
import YAML from "yaml";
import { importBundle } from "../../../services/bundle/import.ts";
import { parseBundle } from "../../../services/bundle/parse.ts";
import type { Harness } from "../../../testing/harness.ts";
import { messageOf } from "../../../testing/route-checks.ts";
import { routeSuite } from "../../../testing/route-suite.ts";

/**
 * Issue 28 item 5: a deployment `config` nested 3,000 deep was stored, after
 * which every export of the customer answered 500 (the YAML writer's stack
 * overflowed); 5,000 deep was refused with the overflow's own message.
 * Nesting is bounded on the way in (METABUILD_MAX_JSON_DEPTH, docs/limits.md).
 */
let h: Harness;
let admin: string;
routeSuite({ users: ["admin"] }, async (app) => {
  ({ h } = app);
  ({ admin } = app.tokens);
});

/** A bundle whose one deployment's config nests `depth` objects deep. */
function deepBundle(depth: number) {
  let config: Record<string, unknown> = { leaf: 1 };
  for (let k = 1; k < depth; k++) config = { a: config };
  return {
    version: 1,
    customer: "Acme",
    patterns: [{ name: "DEEP", deployments: [{ name: "target", kind: "sql", config }] }],
  };
}

/** The same as flow-style YAML (`{ a: { a: … } }`), built without a recursive writer. */
function deepYaml(depth: number) {
  const open = "{ a: ".repeat(depth - 1);
  return `version: 1\ncustomer: Acme\npatterns:\n  - name: DEEP\n    deployments:\n      - name: target\n        kind: sql\n        config: ${open}{ leaf: 1 }${" }".repeat(depth - 1)}\n`;
}

const post = (body: string, type: string) =>
  h.call("/api/console/bundles", admin, {
    method: "POST",
    body,
    headers: { "Content-Type": type },
  });

const REFUSAL = /nests deeper than 64 levels of arrays and objects \(METABUILD_MAX_JSON_DEPTH\)$/;

describe("bundles: nesting depth", () => {
  it("refuses a JSON bundle nested past the limit, and export keeps working", async () => {
    for (const depth of [100, 3000]) {
      const text = JSON.stringify(deepBundle(depth));
      const res = await post(text, "application/json");
      expect(res.status, `depth ${depth}`).toBe(400);
      expect(await messageOf(res)).toMatch(REFUSAL);
    }
    const res = await h.call("/api/console/bundles/export", admin);
    expect(res.status).toBe(200);
    expect(await res.text()).not.toContain("DEEP");
  });

  it("refuses a YAML bundle nested past the limit, also past the parser's own stack", async () => {
    for (const depth of [100, 5000]) {
      const res = await post(deepYaml(depth), "application/yaml");
      expect(res.status, `depth ${depth}`).toBe(400);
      const message = await messageOf(res);
      expect(message).toMatch(REFUSAL);
      expect(message).not.toMatch(/call stack/i);
    }
  });

  it("keeps a config within the limit, and exports it", async () => {
    const bundle = deepBundle(40);
    const res = await post(JSON.stringify(bundle), "application/json");
    expect(res.status, await res.clone().text()).toBe(200);
    const exported = await h.call("/api/console/bundles/export", admin);
    expect(exported.status).toBe(200);
    const text = await exported.text();
    const pattern = YAML.parse(text).patterns.find((p: { name: string }) => p.name === "DEEP");
    expect(pattern.deployments[0].config).toEqual(bundle.patterns[0].deployments[0].config);
  });

  it("refuses it from a file as well (CLI import)", async () => {
    expect(() => parseBundle(JSON.stringify(deepBundle(3000)), "deep.json")).toThrow(REFUSAL);
    expect(() => parseBundle(deepYaml(5000), "deep.yaml")).toThrow(REFUSAL);
    const deps = { db: h.db, clock: h.clock, writer: h.services.instanceWriter };
    await expect(importBundle(deps, parseBundle(deepYaml(10)))).resolves.toBeDefined();
  });
});
