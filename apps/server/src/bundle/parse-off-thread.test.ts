import { describe, expect, it } from "vitest";
import { parseBundleOffThread } from "./parse-off-thread.ts";
import { parseBundle } from "./parse.ts";

const TEXT = `
version: 1
customer: Acme
projects:
  - name: DWH
    instances:
      - { pattern: HUB, folder: /sales, name: CUSTOMER, rows: [{ COLUMN_NAME: ID }] }
`;

const messageOf = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error("no error");
};
const syncMessageOf = (fn: () => unknown) => messageOf(Promise.resolve().then(fn));

describe("parseBundleOffThread (YAML in a worker thread)", () => {
  it("gives the bundle parseBundle gives", async () => {
    expect(await parseBundleOffThread(TEXT, "bundle.yaml", 0)).toEqual(parseBundle(TEXT));
  });

  it("names the line of a syntax error as parseBundle does", async () => {
    const bad = "version: 1\ncustomer: Acme\nprojects: [\n";
    const message = await messageOf(parseBundleOffThread(bad, "bundle.yaml", 0));
    expect(message).toMatch(/^bundle\.yaml is not valid YAML: .*line \d+/s);
    expect(message).toBe(await syncMessageOf(() => parseBundle(bad)));
  });

  it("names a bad entry by its path as parseBundle does", async () => {
    const bad = `${TEXT}colour: red\n`;
    expect(await messageOf(parseBundleOffThread(bad, "bundle.yaml", 0))).toBe(
      "colour: unknown key",
    );
  });
});
