import { schema as s } from "@metabuild/db";
import { afterEach, describe, expect, it } from "vitest";
import type { Config } from "../../config.ts";
import { buildClient } from "../../testing/build-client.ts";
import { type BuildCatalog, seedBuildCatalog } from "../../testing/builds-fixture.ts";
import { type Harness, createHarness, seedBasic } from "../../testing/harness.ts";
import { growingTemplates } from "../../testing/hostile-corpus.ts";

/**
 * Issue 28 finding 3: a build's rendered text is bounded per file and in all
 * (docs/limits.md "Rendered output"); past either the build ends FAILED with
 * a message naming the template. The limits are small here, so a template
 * that slips through stays small too.
 */
const FILE_LIMIT = 64 * 1024;
const TOTAL_LIMIT = 160 * 1024;

let h: Harness;
let cat: BuildCatalog;
let seed: Awaited<ReturnType<typeof seedBasic>>;
let ann: string;
let client: ReturnType<typeof buildClient>;

async function setUp(config: Partial<Config>) {
  h = createHarness({
    renderMaxFileBytes: FILE_LIMIT,
    renderMaxTotalBytes: TOTAL_LIMIT,
    ...config,
  });
  seed = await seedBasic(h.db);
  cat = await seedBuildCatalog(h.db, seed);
  client = buildClient(h);
  ann = await h.token("ann@acme.test");
}
afterEach(() => h.services.stopBuilds());

/** A pattern with one template and `count` instances /t/I1…; their ids. */
async function patternWith(name: string, body: string, count = 1): Promise<number[]> {
  const pattern = await cat.fx.pattern(name, { properties: [{ name: "C" }] });
  await h.db
    .insert(s.templates)
    .values({ patternId: pattern.id, path: "{{ instance.name }}.txt", body });
  const ids: number[] = [];
  for (let i = 1; i <= count; i++)
    ids.push(
      (
        await cat.fx.instance({
          projectId: seed.dwh.id,
          patternId: pattern.id,
          folder: "/t",
          name: `I${i}`,
          rows: [{ C: "x" }],
        })
      ).id,
    );
  return ids;
}

const build = async (ids: number[]) =>
  (await client.build(ann, { instances: ids.map((id) => ({ id })) })).build;

describe("rendered output limits of a build (render workers)", () => {
  it("fails a build whose file grows past the limit, naming the template", async () => {
    await setUp({ buildWorkers: 1 });
    const [[, doubling]] = growingTemplates;
    const ids = await patternWith("GROWS", doubling);
    const failed = await build(ids);
    expect(failed.status).toBe("FAILED");
    expect(failed.message).toMatch(
      new RegExp(
        `^Template error in pattern 'GROWS', template '\\{\\{ instance.name \\}\\}.txt', instance '/t/I1' \\(id \\d+\\), line 1: .*exceeds the limit of ${FILE_LIMIT} bytes per file`,
      ),
    );
    expect(failed.downloads).toEqual([]);

    const fine = await patternWith("FINE", "{{ instance.name }} ok");
    expect((await build(fine)).status).toBe("FINISHED");
  }, 60_000);
});

describe("rendered output limits of a build (in this thread)", () => {
  it("fails a build whose files together pass the total, naming the template", async () => {
    await setUp({ buildWorkers: 0 });
    // 40 KiB per instance: the fifth takes the build past 160 KiB.
    const ids = await patternWith("MANY", "{% for i in (1..5120) %}01234567{% endfor %}", 6);
    const failed = await build(ids);
    expect(failed.status).toBe("FAILED");
    expect(failed.message).toMatch(
      new RegExp(
        `^Template error in pattern 'MANY', template '\\{\\{ instance.name \\}\\}.txt', instance '/t/I5' \\(id \\d+\\): .*exceed the limit of ${TOTAL_LIMIT} bytes in all`,
      ),
    );
    expect(failed.downloads).toEqual([]);
    expect((await build(ids.slice(0, 4))).status).toBe("FINISHED");
  }, 60_000);
});
