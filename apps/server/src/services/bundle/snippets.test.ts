import { beforeEach, describe, expect, it } from "vitest";
import YAML from "yaml";
import { type Harness, createHarness } from "../../testing/harness.ts";
import { exportBundleText } from "./export.ts";
import { importBundle } from "./import.ts";
import { parseBundle } from "./parse.ts";

const bundle = (snippets: string) => `
version: 1
customer: Acme
patterns:
  - name: HUB
    templates:
      - { path: "{{ instance.name }}.sql", body: "{% render 'qualified' %}" }
${snippets}
`;

let h: Harness;
const load = async (text: string) =>
  await importBundle(
    { db: h.db, clock: h.clock, writer: h.services.instanceWriter },
    parseBundle(text),
  );

beforeEach(() => {
  h = createHarness();
});

describe("bundle snippets", () => {
  it("imports a pattern's snippets and exports them back", async () => {
    await load(
      bundle(`    snippets:
      - { name: qualified, body: "{{ vars.SCHEMA }}.{{ instance.name }}" }
      - { name: b.list, body: "x" }`),
    );
    const exported = YAML.parse(await exportBundleText(h.db, "Acme")) as {
      patterns: { name: string; snippets?: unknown }[];
    };
    expect(exported.patterns[0]?.snippets).toEqual([
      { name: "b.list", body: "x" },
      { name: "qualified", body: "{{ vars.SCHEMA }}.{{ instance.name }}" },
    ]);
  });

  it("leaves `snippets` out of the export of a pattern without any", async () => {
    await load(bundle(""));
    expect(await exportBundleText(h.db, "Acme")).not.toContain("snippets");
  });

  it("refuses a snippet name that is a path, naming the entry", async () => {
    await expect(
      async () =>
        await load(
          bundle(`    snippets:
      - { name: ../../etc/passwd, body: x }`),
        ),
    ).rejects.toThrow(/patterns\[0\]\.snippets\[0\]\.name: Invalid value for 'name'/);
  });

  it("refuses the same snippet name twice", async () => {
    await expect(
      async () =>
        await load(
          bundle(`    snippets:
      - { name: a, body: x }
      - { name: a, body: y }`),
        ),
    ).rejects.toThrow(/duplicate snippet 'a'/);
  });
});
