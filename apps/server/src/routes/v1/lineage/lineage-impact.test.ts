import type { LineageImpact } from "@metabuild/contract";
import { describe, expect, it } from "vitest";
import type { Harness } from "../../../testing/harness.ts";
import { type LineageFixture, seedLineage } from "../../../testing/lineage-fixture.ts";
import { messageOf } from "../../../testing/route-checks.ts";
import { routeSuite } from "../../../testing/route-suite.ts";

// Impact before a variable value change (docs/lineage.md "Impact").
let h: Harness;
let g: LineageFixture;
let ann: string;
let bob: string;
let eve: string;
let admin: string;
routeSuite(
  {
    users: ["ann", "bob", "eve", "admin"],
    fixture: async (h, seed) => await seedLineage(h.db, seed),
  },
  (app) => {
    ({
      h,
      fixture: g,
      tokens: { ann, bob, eve, admin },
    } = app);
  },
);

const folderValue = (value: string, extra: object = {}) => ({
  project: "DWH",
  pattern: "HUB",
  variable: "TARGET_SCHEMA",
  folder: "/dv",
  value,
  ...extra,
});

function put(body: object, token = ann, dryRun = true) {
  return h.call(`/api/console/variable_values${dryRun ? "?dry_run=true" : ""}`, token, {
    method: "PUT",
    body: JSON.stringify(body),
  });
}

async function resolved(instanceId: number): Promise<string | null> {
  const res = await h.call(
    `/api/v1/pattern_variables?pattern=HUB&project=DWH&instance_id=${instanceId}&name=TARGET_SCHEMA`,
    ann,
  );
  const [v] = (await res.json()) as { value: string | null }[];
  return v?.value ?? null;
}

async function auditOf(action: string) {
  // The audit log is the admins' to read (docs/audit-log.md).
  const res = await h.call(`/api/console/audit?action=${action}`, admin);
  expect(res.status).toBe(200);
  return (await res.json()) as { after: Record<string, unknown> }[];
}

describe("impact of a variable value: happy path", () => {
  it("answers the instances whose files change, a sample diff and the deployments, writing nothing", async () => {
    const res = await put(folderValue("vault"));
    expect(res.status, await res.clone().text()).toBe(200);
    const impact = (await res.json()) as LineageImpact;
    expect(impact.changed).toEqual([
      { id: g.hOrder.id, pattern: "HUB", folder: "/dv", name: "H_ORDER", files: 1 },
      { id: g.hCustomer.id, pattern: "HUB", folder: "/dv", name: "H_CUSTOMER", files: 1 },
    ]);
    expect(impact.invalid).toEqual([]);
    expect(impact.deployments).toEqual([
      { id: expect.any(Number), pattern: "HUB", name: "to-sqlite" },
    ]);
    expect(impact.sample).toEqual({
      instance_id: g.hOrder.id,
      path: "load/H_ORDER.sql",
      diff: expect.stringContaining(
        "-INSERT INTO raw.H_ORDER SELECT * FROM stage;\n+INSERT INTO vault.H_ORDER SELECT * FROM stage;",
      ),
    });
    // Nothing was written: the value still resolves as before, and nothing was audited.
    expect(await resolved(g.hOrder.id)).toBe("raw");
    expect(await auditOf("variable_value.")).toEqual([]);
  });

  it("answers no change for the value already in force", async () => {
    const impact = (await (await put(folderValue("raw"))).json()) as LineageImpact;
    expect(impact).toEqual({ changed: [], invalid: [], deployments: [], sample: null });
  });

  it("reaches one instance only for an instance-level value", async () => {
    const body = { ...folderValue("vault"), folder: undefined, instance_id: g.hCustomer.id };
    const impact = (await (await put(body)).json()) as LineageImpact;
    expect(impact.changed.map((c) => c.name)).toEqual(["H_CUSTOMER"]);
  });

  it("records the impact's summary with the real save", async () => {
    const res = await put(folderValue("vault"), ann, false);
    expect(res.status).toBe(200);
    expect(await resolved(g.hOrder.id)).toBe("vault");
    const [event] = await auditOf("variable_value.set");
    expect(event?.after).toEqual({
      value: "vault",
      impact: { changed: 2, invalid: 0, deployments: ["HUB to-sqlite"] },
    });
  });
});

describe("impact of a variable value: errors and security", () => {
  it("checks the place as the save does", async () => {
    const res = await put(folderValue("vault", { folder: "/nope" }));
    expect(res.status).toBe(404);
    const bad = await h.call("/api/console/variable_values?dry_run=maybe", ann, {
      method: "PUT",
      body: JSON.stringify(folderValue("vault")),
    });
    expect(bad.status).toBe(400);
    expect(await messageOf(bad)).toContain("dry_run");
  });

  it("needs write_instances, like the save", async () => {
    expect((await put(folderValue("vault"), bob)).status).toBe(403);
  });

  it("hides another customer's project", async () => {
    expect((await put(folderValue("vault"), eve)).status).toBe(404);
  });
});
