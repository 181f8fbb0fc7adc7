import { schema } from "@metabuild/db";
import { beforeEach, describe, expect, it } from "vitest";
import { type Harness, createHarness } from "../../testing/harness.ts";
import { importBundle } from "./import.ts";
import { parseBundle } from "./parse.ts";

/** A pattern whose rules the second import changes; `rules` are its property and role lines. */
const bundle = (rules: string, instances = "") => `
version: 1
customer: Acme
patterns:
  - name: HUB
    type: SQLITE
${rules}
projects:
  - name: DWH
${instances}
`;
const FIRST = bundle(
  `    properties:
      - { name: COLUMN_NAME, datatype: string, required: true }
      - { name: LENGTH, datatype: string }
    functional_roles:
      - { name: BUSINESS_KEY, cardinality_min: "0", cardinality_max: N }`,
  `    instances:
      - pattern: HUB
        folder: /sales
        name: CUSTOMER
        rows:
          - { COLUMN_NAME: CUSTOMER_ID, LENGTH: "10" }
          - { COLUMN_NAME: NAME, LENGTH: long }`,
);

let h: Harness;
const load = async (text: string) =>
  await importBundle(
    { db: h.db, clock: h.clock, writer: h.services.instanceWriter },
    parseBundle(text),
  );
const customer = async () => {
  const rows = await h.db.select().from(schema.instances);
  return rows.find((i) => i.name === "CUSTOMER");
};

beforeEach(async () => {
  h = createHarness();
  await load(FIRST);
});

describe("bundle import: a pattern's changed rules revalidate its instances (docs/reference/rules.md §4)", () => {
  it("counts the errors the new rules find, without a new version", async () => {
    expect(await customer()).toMatchObject({ errors: 0, version: 1 });
    // The instance is not in the second file: only its pattern changes.
    await load(
      bundle(`    properties:
      - { name: COLUMN_NAME, datatype: string, required: true }
      - { name: LENGTH, datatype: integer, required: true }
      - { name: NOTE, datatype: string, required: true }
    functional_roles:
      - { name: BUSINESS_KEY, cardinality_min: "1", cardinality_max: N }`),
    );
    const after = await customer();
    // LENGTH 'long' is no integer, NOTE is empty twice, no row carries BUSINESS_KEY.
    expect(after).toMatchObject({ errors: 4, version: 1 });
    expect(JSON.parse(after?.validation ?? "[]")).toContainEqual({
      row: 1,
      column: "LENGTH",
      message: "Row 2: LENGTH must be a whole number, not 'long'",
    });
    // Relaxing them again makes the instance valid again.
    await load(FIRST.replace(/ {4}instances:[\s\S]*$/, ""));
    expect(await customer()).toMatchObject({ errors: 0, validation: "[]", version: 1 });
  });

  it("leaves the rows' own validation as it is when the rules are the same", async () => {
    await load(FIRST);
    expect(await customer()).toMatchObject({ errors: 0, version: 1 });
  });
});
