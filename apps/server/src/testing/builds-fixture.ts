import { type Db, schema as s, returnedRow, transaction } from "@metabuild/db";
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
export async function seedBuildCatalog(db: Db, seed: Awaited<ReturnType<typeof seedBasic>>) {
  const fx = instanceFixture(db, seed.acme.id);
  const core = await fx.releaseGroup("core");
  const r1 = await fx.release(core.id, "R1");
  const r2 = await fx.release(core.id, "R2");
  const hub = await fx.pattern("HUB", {
    releaseGroupId: core.id,
    properties: [{ name: "COLUMN_NAME", required: true }, { name: "DATA_TYPE" }],
    roles: [{ name: "BUSINESS_KEY" }],
  });
  const sat = await fx.pattern("SAT", { properties: [{ name: "COLUMN_NAME" }] });
  const template = async (patternId: number, path: string, body: string, posNo = 0) =>
    returnedRow(await db.insert(s.templates).values({ patternId, path, body, posNo }).returning());
  await template(hub.id, "{{ instance.folder }}/{{ instance.name }}.sql", HUB_TABLE, 1);
  await template(
    hub.id,
    "load/{{ instance.name | downcase }}.sql",
    "INSERT INTO {{ vars.V_PROJECT }}.{{ instance.name }} SELECT * FROM stage;\n",
    2,
  );
  await template(
    sat.id,
    "sat/{{ instance.name }}.txt",
    "{{ instance.name }} {{ instance.labels | join: ',' }}\n",
  );

  const variable = async (name: string, defaultValue: string) =>
    returnedRow(
      await db
        .insert(s.variableDefinitions)
        .values({ patternId: hub.id, name, defaultValue })
        .returning(),
    );
  await variable("V_DEFAULT", "default-value");
  const vProject = await variable("V_PROJECT", "default-schema");
  const vFolder = await variable("V_FOLDER", "default-folder");
  const vInstance = await variable("V_INSTANCE", "default-instance");

  const d = seed.dwh.id;
  const hubAt = async (spec: Partial<InstanceSpec> & { name: string }) =>
    await fx.instance({
      projectId: d,
      patternId: hub.id,
      folder: "/sales",
      rows: validRows(spec.name),
      releaseId: r1.id,
      ...spec,
    });
  const customer = await hubAt({ name: "CUSTOMER", labels: ["pii"] });
  const order = await hubAt({ name: "ORDER" });
  const broken = await hubAt({ name: "BROKEN", errors: 2 });
  const disabled = await hubAt({ name: "DISABLED", buildDisabled: true });
  const gone = await hubAt({ name: "GONE", deleted: true });
  const nextRelease = await hubAt({ name: "NEXT", releaseId: r2.id });
  const ledger = await hubAt({ name: "LEDGER", folder: "/finance/gl" });
  const held = await hubAt({
    name: "HELD",
    folder: "/finance/gl",
    labels: ["wip"],
    checkedOut: { userId: seed.ann.id, at: new Date() },
  });
  const satCustomer = await fx.instance({
    projectId: d,
    patternId: sat.id,
    folder: "/sales",
    name: "SAT_CUSTOMER",
    labels: ["pii", "crm"],
    rows: [{ COLUMN_NAME: "A" }],
  });
  const lakeHub = await fx.instance({
    projectId: seed.lake.id,
    patternId: hub.id,
    name: "LAKE_HUB",
    rows: validRows("LAKE"),
  });

  const override = async (
    variableId: number,
    value: string,
    at: { instanceFolderId?: number; instanceId?: number } = {},
  ) => await db.insert(s.variableOverrides).values({ variableId, projectId: d, value, ...at });
  await override(vProject.id, "dwh_prod");
  await override(vFolder.id, "from_finance", { instanceFolderId: await fx.folder(d, "/finance") });
  await override(vInstance.id, "only_ledger", { instanceId: ledger.id });

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

export type BuildCatalog = Awaited<ReturnType<typeof seedBuildCatalog>>;

/**
 * `count` valid HUB instances with 20 rows each in one folder (progress,
 * cancel, recovery, the bench), inserted in bulk.
 */
export async function seedManyHubs(
  db: Db,
  catalog: BuildCatalog,
  projectId: number,
  count: number,
  folder = "/bulk",
) {
  const folderId = await catalog.fx.folder(projectId, folder);
  const customerId = catalog.hub.customerId;
  const ids: number[] = [];
  await transaction(db, async () => {
    for (let start = 0; start < count; start += 500) {
      const batch = Array.from({ length: Math.min(500, count - start) }, (_, k) => ({
        customerId,
        projectId,
        patternId: catalog.hub.id,
        instanceFolderId: folderId,
        name: `BULK_${String(start + k).padStart(5, "0")}`,
        releaseId: catalog.r1.id,
      }));
      const created = await db
        .insert(s.instances)
        .values(batch)
        .returning({ id: s.instances.id, name: s.instances.name });
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
        await db.insert(s.instanceRows).values(rows.slice(i, i + 2000));
      ids.push(...created.map((c) => c.id));
    }
  });
  return ids;
}
