import { type Db, schema as s } from "@metabuild/db";
import type { seedBasic } from "./harness.ts";
import { type InstanceSpec, instanceFixture } from "./instances-fixture.ts";

/** The body of HUB's table template: every part of the render context in one file. */
export const HUB_TABLE = [
  "-- {{ project.name }}/{{ pattern.name }} v{{ pattern.vers_no }} build {{ build.id }}",
  "-- levels: {{ vars.V_DEFAULT }} {{ vars.V_PROJECT }} {{ vars.V_FOLDER }} {{ vars.V_INSTANCE }}",
  "CREATE TABLE {{ vars.V_PROJECT }}.{{ instance.name }} (",
  "{% for r in rows %}  {{ r.COLUMN_NAME }} {{ r.DATA_TYPE }}{% unless forloop.last %},{% endunless %}",
  "{% endfor %});",
  "-- key: {% for r in roles.BUSINESS_KEY %}{{ r.COLUMN_NAME }}{% endfor %}",
  "",
].join("\n");

const validRows = (name: string) => [
  { COLUMN_NAME: `${name}_ID`, DATA_TYPE: "INTEGER", BUSINESS_KEY: "X" },
  { COLUMN_NAME: "NAME", DATA_TYPE: "TEXT", BUSINESS_KEY: null },
];

/**
 * A build-ready catalogue on top of seedBasic(): pattern HUB (release group
 * `core`: R1, R2) with two templates and variables overridden at every level,
 * pattern SAT (no group) with one template, and DWH instances covering the
 * cases builds care about (invalid, build-disabled, deleted, labelled,
 * checked out, other folders and releases).
 */
export function seedBuildCatalog(db: Db, seed: ReturnType<typeof seedBasic>) {
  const fx = instanceFixture(db, seed.acme.id);
  const core = fx.releaseGroup("core");
  const r1 = fx.release(core.id, "R1");
  const r2 = fx.release(core.id, "R2");
  const hub = fx.pattern("HUB", {
    releaseGroupId: core.id,
    properties: [{ name: "COLUMN_NAME", required: true }, { name: "DATA_TYPE" }],
    roles: [{ name: "BUSINESS_KEY" }],
  });
  const sat = fx.pattern("SAT", { properties: [{ name: "COLUMN_NAME" }] });
  const template = (patternId: number, path: string, body: string, posNo = 0) =>
    db.insert(s.templates).values({ patternId, path, body, posNo }).returning().get();
  template(hub.id, "{{ instance.folder }}/{{ instance.name }}.sql", HUB_TABLE, 1);
  template(
    hub.id,
    "load/{{ instance.name | downcase }}.sql",
    "INSERT INTO {{ vars.V_PROJECT }}.{{ instance.name }} SELECT * FROM stage;\n",
    2,
  );
  template(
    sat.id,
    "sat/{{ instance.name }}.txt",
    "{{ instance.name }} {{ instance.labels | join: ',' }}\n",
  );

  const variable = (name: string, defaultValue: string) =>
    db
      .insert(s.variableDefinitions)
      .values({ patternId: hub.id, name, defaultValue })
      .returning()
      .get();
  variable("V_DEFAULT", "default-value");
  const vProject = variable("V_PROJECT", "default-schema");
  const vFolder = variable("V_FOLDER", "default-folder");
  const vInstance = variable("V_INSTANCE", "default-instance");

  const d = seed.dwh.id;
  const hubAt = (spec: Partial<InstanceSpec> & { name: string }) =>
    fx.instance({
      projectId: d,
      patternId: hub.id,
      folder: "/sales",
      rows: validRows(spec.name),
      releaseId: r1.id,
      ...spec,
    });
  const customer = hubAt({ name: "CUSTOMER", labels: ["pii"] });
  const order = hubAt({ name: "ORDER" });
  const broken = hubAt({ name: "BROKEN", errors: 2 });
  const disabled = hubAt({ name: "DISABLED", buildDisabled: true });
  const gone = hubAt({ name: "GONE", deleted: true });
  const nextRelease = hubAt({ name: "NEXT", releaseId: r2.id });
  const ledger = hubAt({ name: "LEDGER", folder: "/finance/gl" });
  const held = hubAt({
    name: "HELD",
    folder: "/finance/gl",
    labels: ["wip"],
    checkedOut: { userId: seed.ann.id, at: new Date() },
  });
  const satCustomer = fx.instance({
    projectId: d,
    patternId: sat.id,
    folder: "/sales",
    name: "SAT_CUSTOMER",
    labels: ["pii", "crm"],
    rows: [{ COLUMN_NAME: "A" }],
  });
  const lakeHub = fx.instance({
    projectId: seed.lake.id,
    patternId: hub.id,
    name: "LAKE_HUB",
    rows: validRows("LAKE"),
  });

  const override = (
    variableId: number,
    value: string,
    at: { instanceFolderId?: number; instanceId?: number } = {},
  ) =>
    db
      .insert(s.variableOverrides)
      .values({ variableId, projectId: d, value, ...at })
      .run();
  override(vProject.id, "dwh_prod");
  override(vFolder.id, "from_finance", { instanceFolderId: fx.folder(d, "/finance") });
  override(vInstance.id, "only_ledger", { instanceId: ledger.id });

  return {
    fx,
    core,
    r1,
    r2,
    hub,
    sat,
    customer,
    order,
    broken,
    disabled,
    gone,
    nextRelease,
    ledger,
    held,
    satCustomer,
    lakeHub,
  };
}

export type BuildCatalog = ReturnType<typeof seedBuildCatalog>;

/**
 * `count` valid HUB instances with 20 rows each in one folder (progress,
 * cancel, recovery, the bench), inserted in bulk.
 */
export function seedManyHubs(
  db: Db,
  catalog: BuildCatalog,
  projectId: number,
  count: number,
  folder = "/bulk",
) {
  const folderId = catalog.fx.folder(projectId, folder);
  const customerId = catalog.hub.customerId;
  const ids: number[] = [];
  db.$client.transaction(() => {
    for (let start = 0; start < count; start += 500) {
      const batch = Array.from({ length: Math.min(500, count - start) }, (_, k) => ({
        customerId,
        projectId,
        patternId: catalog.hub.id,
        instanceFolderId: folderId,
        name: `BULK_${String(start + k).padStart(5, "0")}`,
        releaseId: catalog.r1.id,
      }));
      const created = db
        .insert(s.instances)
        .values(batch)
        .returning({ id: s.instances.id, name: s.instances.name })
        .all();
      const rows = created.flatMap((c) =>
        Array.from({ length: 20 }, (_, r) => ({
          instanceId: c.id,
          posNo: r + 1,
          data: JSON.stringify({
            COLUMN_NAME: r === 0 ? `${c.name}_ID` : `COLUMN_${r}`,
            DATA_TYPE: r === 0 ? "INTEGER" : "TEXT",
            BUSINESS_KEY: r === 0 ? "X" : null,
          }),
        })),
      );
      for (let i = 0; i < rows.length; i += 2000)
        db.insert(s.instanceRows)
          .values(rows.slice(i, i + 2000))
          .run();
      ids.push(...created.map((c) => c.id));
    }
  })();
  return ids;
}
