import { describe, expect, it } from "vitest";
import { type BuildCatalog, seedBuildCatalog } from "../../../testing/builds-fixture.ts";
import type { Harness } from "../../../testing/harness.ts";
import { growingTemplates } from "../../../testing/hostile-corpus.ts";
import { messageOf } from "../../../testing/route-checks.ts";
import { routeSuite } from "../../../testing/route-suite.ts";

/**
 * Issue 28 finding 3: a preview's rendered text is bounded per file and in
 * all (docs/limits.md "Rendered output"), counted while it renders. The
 * limits are small here, so a template that slips through stays small too.
 */
const FILE_LIMIT = 64 * 1024;
const TOTAL_LIMIT = 160 * 1024;

let h: Harness;
let cat: BuildCatalog;
let admin: string;
routeSuite(
  {
    users: ["admin"],
    fixture: async (h, seed) => await seedBuildCatalog(h.db, seed),
    config: { renderMaxFileBytes: FILE_LIMIT, renderMaxTotalBytes: TOTAL_LIMIT },
  },
  (app) => {
    ({
      h,
      fixture: cat,
      tokens: { admin },
    } = app);
  },
);

const preview = (templates: { path: string; body: string }[]) =>
  h.call(`/api/console/patterns/${cat.hub.id}/preview`, admin, {
    method: "POST",
    body: JSON.stringify({ instance_id: cat.customer.id, templates }),
  });

describe("pattern preview: rendered output limits", () => {
  it.each(growingTemplates)("413 naming the template: %s", async (_, body) => {
    const res = await preview([
      { path: "fine.sql", body: "ok" },
      { path: "grows.sql", body },
    ]);
    expect(res.status, (await res.clone().text()).slice(0, 300)).toBe(413);
    expect(await messageOf(res)).toMatch(
      new RegExp(`^Template 'grows\\.sql'.* exceeds the limit of ${FILE_LIMIT} bytes per file`),
    );
  });

  it("413 naming the template whose file takes the preview past the total", async () => {
    const part = `{% for i in (1..${(FILE_LIMIT - 1024) / 8}) %}01234567{% endfor %}`;
    const res = await preview([
      { path: "a.sql", body: part },
      { path: "b.sql", body: part },
      { path: "c.sql", body: part },
    ]);
    expect(res.status, (await res.clone().text()).slice(0, 300)).toBe(413);
    expect(await messageOf(res)).toMatch(
      new RegExp(`^Template 'c\\.sql'.* exceed the limit of ${TOTAL_LIMIT} bytes in all`),
    );
  });

  it("counts bytes, not characters: a file of many-byte characters past the limit", async () => {
    // 30,000 characters, 90,000 bytes in UTF-8.
    const res = await preview([
      { path: "wide.sql", body: "{% for i in (1..3000) %}€€€€€€€€€€{% endfor %}" },
    ]);
    expect(res.status, (await res.clone().text()).slice(0, 300)).toBe(413);
    expect(await messageOf(res)).toMatch(/^Template 'wide\.sql'/);
  });

  it("renders files up to the limits as before", async () => {
    const res = await preview([
      { path: "a.sql", body: `{% for i in (1..${FILE_LIMIT / 8}) %}01234567{% endfor %}` },
      { path: "b.sql", body: "{% capture s %}{{ instance.name }}{% endcapture %}{{ s }}" },
    ]);
    expect(res.status, (await res.clone().text()).slice(0, 300)).toBe(200);
    const out = (await res.json()) as { files: { path: string; content: string }[] };
    expect(out.files.map((f) => [f.path, f.content.length])).toEqual([
      ["a.sql", FILE_LIMIT],
      ["b.sql", "CUSTOMER".length],
    ]);
  });
});
