import { type Db, insertReferenceRows, schema } from "@metabuild/db";
import { instanceFixture } from "./instances-fixture.ts";

interface LineageSeed {
  acme: { id: number };
  other: { id: number };
  dwh: { id: number };
  lake: { id: number };
  foreign: { id: number };
}

/**
 * A small data vault in DWH with its references as edges (docs/lineage.md):
 * STG ORDER → HUB H_ORDER, STG CUSTOMER → HUB H_CUSTOMER, both HUBs → LNK
 * L_ORDER_CUSTOMER, H_CUSTOMER → SAT S_CUSTOMER (one column-level reference,
 * `#CUSTOMER_ID`); an unrelated STG, one instance in LAKE and one of the
 * other customer. Edges are written straight into instance_references.
 */
export async function seedLineage(db: Db, seed: LineageSeed) {
  const fx = instanceFixture(db, seed.acme.id);
  const column = { name: "COLUMN" };
  const source = { name: "SOURCE", datatype: "reference" };
  const stg = await fx.pattern("STG", { properties: [column] });
  const hub = await fx.pattern("HUB", { properties: [column, source] });
  const lnk = await fx.pattern("LNK", { properties: [column, source] });
  const sat = await fx.pattern("SAT", { properties: [column, source] });
  for (const p of [stg, hub, lnk, sat])
    await db.insert(schema.templates).values({
      patternId: p.id,
      path: "{{ instance.folder }}/{{ instance.name }}.sql",
      body: "-- {{ pattern.name }} {{ instance.name }}\n",
      posNo: 1,
    });
  // HUB's load reads a variable, so a folder value changes what HUBs render (docs/lineage.md "Impact").
  await db.insert(schema.templates).values({
    patternId: hub.id,
    path: "load/{{ instance.name }}.sql",
    body: "INSERT INTO {{ vars.TARGET_SCHEMA }}.{{ instance.name }} SELECT * FROM stage;\n",
    posNo: 2,
  });
  await db
    .insert(schema.variableDefinitions)
    .values({ patternId: hub.id, name: "TARGET_SCHEMA", defaultValue: "raw" });
  await db
    .insert(schema.deployments)
    .values({ patternId: hub.id, name: "to-sqlite", kind: "sql", config: "{}" });
  const d = seed.dwh.id;
  const make = (patternId: number, folder: string, name: string, extra = {}) =>
    fx.instance({ projectId: d, patternId, folder, name, rows: [{ COLUMN: "ID" }], ...extra });
  const stgOrder = await make(stg.id, "/stg", "ORDER");
  const stgCustomer = await make(stg.id, "/stg", "CUSTOMER");
  const stgSpare = await make(stg.id, "/stg", "SPARE");
  const hOrder = await make(hub.id, "/dv", "H_ORDER");
  const hCustomer = await make(hub.id, "/dv", "H_CUSTOMER", { errors: 1 });
  const lOrderCustomer = await make(lnk.id, "/dv", "L_ORDER_CUSTOMER");
  const sCustomer = await make(sat.id, "/dv/sat", "S_CUSTOMER", { buildDisabled: true });
  const lakeStg = await fx.instance({
    projectId: seed.lake.id,
    patternId: stg.id,
    name: "LAKE_ORDER",
  });
  const foreignFx = instanceFixture(db, seed.other.id);
  const foreignStg = await foreignFx.pattern("STG", { properties: [column] });
  const foreign = await foreignFx.instance({
    projectId: seed.foreign.id,
    patternId: foreignStg.id,
    name: "THEIR_ORDER",
  });
  const ref = (source: { id: number }, target: { id: number }, posNo = 1, targetRow?: string) => ({
    projectId: d,
    sourceInstanceId: source.id,
    property: "SOURCE",
    sourcePosNo: posNo,
    targetInstanceId: target.id,
    targetRow: targetRow ?? null,
  });
  await insertReferenceRows(db, [
    ref(hOrder, stgOrder),
    ref(hCustomer, stgCustomer),
    ref(lOrderCustomer, hOrder),
    ref(lOrderCustomer, hCustomer, 2),
    ref(sCustomer, hCustomer, 1, "CUSTOMER_ID"),
  ]);
  return {
    fx,
    patterns: { stg, hub, lnk, sat },
    stgOrder,
    stgCustomer,
    stgSpare,
    hOrder,
    hCustomer,
    lOrderCustomer,
    sCustomer,
    lakeStg,
    foreign,
  };
}

export type LineageFixture = Awaited<ReturnType<typeof seedLineage>>;
