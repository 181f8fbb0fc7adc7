import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type BundleTextLimits, parseBundleOffThread } from "./parse-off-thread.ts";
import { parseBundle } from "./parse.ts";

const TEXT = `
version: 1
customer: Acme
projects:
  - name: DWH
    instances:
      - { pattern: HUB, folder: /sales, name: CUSTOMER, rows: [{ COLUMN_NAME: ID }] }
`;

const LIMITS: BundleTextLimits = { maxItems: 200_000, maxDepth: 32 };

const messageOf = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error("no error");
};
const syncMessageOf = (fn: () => unknown) => messageOf(Promise.resolve().then(fn));

describe("parseBundleOffThread (YAML and JSON in a worker thread)", () => {
  it("gives the bundle parseBundle gives", async () => {
    expect(await parseBundleOffThread(TEXT, "bundle.yaml", LIMITS)).toEqual(parseBundle(TEXT));
  });

  it("names the line of a syntax error as parseBundle does", async () => {
    const bad = "version: 1\ncustomer: Acme\nprojects: [\n";
    const message = await messageOf(parseBundleOffThread(bad, "bundle.yaml", LIMITS));
    expect(message).toMatch(/^bundle\.yaml is not valid YAML: .*line \d+/s);
    expect(message).toBe(await syncMessageOf(() => parseBundle(bad)));
  });

  it("names a bad entry by its path as parseBundle does", async () => {
    const bad = `${TEXT}colour: red\n`;
    expect(await messageOf(parseBundleOffThread(bad, "bundle.yaml", LIMITS))).toBe(
      "colour: unknown key",
    );
  });

  it("names the line of a JSON syntax error as parseBundle does", async () => {
    const bad = '{"version": 1,\n"customer": }';
    const message = await messageOf(parseBundleOffThread(bad, "bundle.json", LIMITS));
    expect(message).toMatch(/^bundle\.json is not valid JSON: /);
    expect(message).toBe(await syncMessageOf(() => parseBundle(bad, "bundle.json")));
  });

  it("refuses YAML nested deeper than the limit, naming the line, without parsing on", async () => {
    // 200 KB of `[`: the yaml package alone took seconds for this (issue 28).
    const deep = `version: 1\ncustomer: Acme\nprojects: ${"[".repeat(200_000)}`;
    expect(await messageOf(parseBundleOffThread(deep, "bundle.yaml", LIMITS))).toBe(
      "bundle.yaml (line 3) nests deeper than 32 levels of arrays and objects (METABUILD_MAX_JSON_DEPTH)",
    );
    const flowMaps = `version: 1\ncustomer: Acme\nx: ${"{a: ".repeat(50)}1${"}".repeat(50)}`;
    expect(await messageOf(parseBundleOffThread(flowMaps, "bundle.yaml", LIMITS))).toMatch(
      /\(line 3\) nests deeper than 32 levels/,
    );
    const blocks = `version: 1\ncustomer: Acme\nx:\n${"- ".repeat(40)}x\n`;
    expect(await messageOf(parseBundleOffThread(blocks, "bundle.yaml", LIMITS))).toMatch(
      /\(line 4\) nests deeper than 32 levels/,
    );
  });

  it("refuses JSON nested deeper than the limit", async () => {
    const deep = `{"version": 1, "customer": "Acme", "x": ${"[".repeat(100)}${"]".repeat(100)}}`;
    expect(await messageOf(parseBundleOffThread(deep, "bundle.json", LIMITS))).toBe(
      "bundle.json nests deeper than 32 levels of arrays and objects (METABUILD_MAX_JSON_DEPTH)",
    );
  });

  it("takes the demo bundle at the lowest depth limit", async () => {
    const demo = readFileSync(join(import.meta.dirname, "../../../../../demo/demo.yaml"), "utf8");
    expect(await parseBundleOffThread(demo, "demo.yaml", { ...LIMITS, maxDepth: 16 })).toEqual(
      parseBundle(demo),
    );
  });

  it("refuses more list entries than the limit, in YAML and JSON (413)", async () => {
    const releases = Array.from({ length: 11 }, (_, i) => `R${i}`);
    const json = JSON.stringify({
      version: 1,
      customer: "Acme",
      release_groups: [{ name: "core", releases }],
    });
    for (const [text, name] of [
      [json, "bundle.json"],
      [
        `version: 1\ncustomer: Acme\nrelease_groups: [{ name: core, releases: [${releases}] }]`,
        "bundle.yaml",
      ],
    ] as const) {
      const err = await parseBundleOffThread(text, name, { ...LIMITS, maxItems: 10 }).catch(
        (e: unknown) => e as { code: number; message: string },
      );
      expect(err).toMatchObject({
        code: 413,
        message: `${name} has more than 10 entries in its lists (METABUILD_BUNDLE_MAX_ITEMS); split it, or load it with 'metabuild import'`,
      });
    }
    // Exactly at the limit is fine: 11 entries (1 group + 10 releases) with a limit of 11.
    expect(
      (await parseBundleOffThread(json, "bundle.json", { ...LIMITS, maxItems: 12 })).release_groups,
    ).toHaveLength(1);
  });
});
