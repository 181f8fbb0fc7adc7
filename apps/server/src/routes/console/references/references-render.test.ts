import { describe, expect, it } from "vitest";
import { seedBuildCatalog } from "../../../testing/builds-fixture.ts";
import type { Harness } from "../../../testing/harness.ts";
import { referenceHelpers } from "../../../testing/references-fixture.ts";
import { type Seed, routeSuite } from "../../../testing/route-suite.ts";

let h: Harness;
let seed: Seed;
let ann: string;
let admin: string;
routeSuite(
  {
    users: ["ann", "admin"],
    fixture: async (h, seed) => await seedBuildCatalog(h.db, seed),
  },
  (app) => {
    ({
      h,
      seed,
      tokens: { ann, admin },
    } = app);
  },
);

const { send, lnkPattern, lnkWith } = referenceHelpers(
  () => h,
  () => ({ admin, ann }),
  () => seed.dwh.id,
);

const TEMPLATE = [
  "{% for r in rows %}{{ r.COLUMN_NAME }}: {{ r.HUB_REF }}",
  " {{ r.HUB_REF.pattern }}:{{ r.HUB_REF.folder }}/{{ r.HUB_REF.name }}",
  " {{ r.HUB_REF.vars.V_PROJECT }}.{{ r.HUB_REF.name }} {{ r.HUB_REF.vars.V_INSTANCE }}",
  " [{% for t in r.HUB_REF.rows %}{{ t.COLUMN_NAME }} {{ t.DATA_TYPE }};{% endfor %}]",
  " row={{ r.HUB_REF.row.COLUMN_NAME }}/{{ r.HUB_REF.row.DATA_TYPE }}",
  "{% endfor %}",
].join("");

async function preview(instanceId: number) {
  const res = await send("POST", `/api/console/patterns/${await lnkPattern()}/preview`, admin, {
    instance_id: instanceId,
    templates: [{ path: "out.txt", body: TEMPLATE }],
  });
  expect(res.status, await res.clone().text()).toBe(200);
  const body = (await res.json()) as { files: { content: string }[]; errors: unknown[] };
  expect(body.errors).toEqual([]);
  return body.files[0]?.content;
}

describe("references in templates", () => {
  it("print the target's name and expose its place, variables, rows and the named row", async () => {
    const id = await lnkWith([
      { COLUMN_NAME: "A", HUB_REF: "/sales/CUSTOMER#CUSTOMER_ID" },
      { COLUMN_NAME: "B", HUB_REF: "/finance/gl/LEDGER" },
    ]);
    expect(await preview(id)).toBe(
      [
        "A: CUSTOMER HUB:/sales/CUSTOMER dwh_prod.CUSTOMER default-instance",
        " [CUSTOMER_ID INTEGER;NAME TEXT;] row=CUSTOMER_ID/INTEGER",
        // LEDGER's own variables: its instance-level override applies.
        "B: LEDGER HUB:/finance/gl/LEDGER dwh_prod.LEDGER only_ledger",
        " [LEDGER_ID INTEGER;NAME TEXT;] row=/",
      ].join(""),
    );
  });

  it("follow a moved target at the next render", async () => {
    const id = await lnkWith([{ COLUMN_NAME: "A", HUB_REF: "/sales/CUSTOMER" }]);
    const moved = await send("PATCH", "/api/console/folders", ann, {
      project: "DWH",
      path: "/sales",
      new_path: "/crm",
    });
    expect(moved.status).toBe(200);
    expect(await preview(id)).toContain("A: CUSTOMER HUB:/crm/CUSTOMER");
  });

  it("an empty or broken reference cell prints as it is", async () => {
    const id = await lnkWith([
      { COLUMN_NAME: "A", HUB_REF: null },
      { COLUMN_NAME: "B", HUB_REF: "/sales/NOPE" },
    ]);
    expect(await preview(id)).toContain("B: /sales/NOPE :/");
  });
});
