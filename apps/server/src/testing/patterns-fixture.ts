import { type Db, schema as s, returnedRow } from "@metabuild/db";
import type { seedBasic } from "./harness.ts";

/**
 * Patterns with their structure, variables and overrides, agents and
 * deployments on top of seedBasic(): Acme has HUB and SAT, Globex has its own
 * G_HUB. DWH's folder tree is / > /a > /a/b > /a/b/c.
 */
export async function seedPatterns(db: Db, seed: Awaited<ReturnType<typeof seedBasic>>) {
  const { acme, other, dwh, lake, foreign } = seed;
  const group = returnedRow(
    await db.insert(s.releaseGroups).values({ customerId: acme.id, name: "core" }).returning(),
  );
  const pattern = async (
    customerId: number,
    name: string,
    extra: Partial<typeof s.patterns.$inferInsert> = {},
  ) =>
    returnedRow(
      await db
        .insert(s.patterns)
        .values({ customerId, name, ...extra })
        .returning(),
    );
  const hub = await pattern(acme.id, "HUB", {
    description: "Hub table and loader",
    releaseGroupId: group.id,
  });
  const sat = await pattern(acme.id, "SAT", { type: "POSTGRES", versNo: "2.1", disabled: 1 });
  const gHub = await pattern(other.id, "G_HUB");

  const property = async (
    patternId: number,
    name: string,
    extra: Partial<typeof s.instanceProperties.$inferInsert> = {},
  ) =>
    returnedRow(
      await db
        .insert(s.instanceProperties)
        .values({ patternId, name, ...extra })
        .returning(),
    );
  const columnName = await property(hub.id, "COLUMN_NAME", { required: 1, posNo: 1 });
  const dataType = await property(hub.id, "DATA_TYPE", {
    posNo: 2,
    format: "upper",
    description: "SQL type",
  });
  const oldProperty = await property(hub.id, "OLD_COLUMN", { deleted: 1, posNo: 3 });
  const satProperty = await property(sat.id, "COLUMN_NAME", { posNo: 1 });
  const foreignProperty = await property(gHub.id, "G_COLUMN");

  const role = async (
    patternId: number,
    name: string,
    extra: Partial<typeof s.functionalRoles.$inferInsert> = {},
  ) =>
    returnedRow(
      await db
        .insert(s.functionalRoles)
        .values({ patternId, name, ...extra })
        .returning(),
    );
  const businessKey = await role(hub.id, "BUSINESS_KEY", {
    cardinalityMin: "1",
    class: "key",
    readonly: 1,
    mergeStrategy: "replace",
  });
  const oldRole = await role(hub.id, "OLD_ROLE", { deleted: 1 });
  const foreignRole = await role(gHub.id, "G_KEY");

  const variable = async (
    patternId: number,
    name: string,
    defaultValue: string | null,
    description?: string,
  ) =>
    returnedRow(
      await db
        .insert(s.variableDefinitions)
        .values({ patternId, name, defaultValue, description })
        .returning(),
    );
  const targetSchema = await variable(hub.id, "TARGET_SCHEMA", "dwh", "Schema of the hub tables");
  const prefix = await variable(hub.id, "PREFIX", "h_");
  const satSchema = await variable(sat.id, "TARGET_SCHEMA", "sat");
  const foreignVariable = await variable(gHub.id, "G_SCHEMA", "globex");

  const folder = async (projectId: number, parentId: number | null, name: string, path: string) =>
    returnedRow(
      await db.insert(s.instanceFolders).values({ projectId, parentId, name, path }).returning(),
    );
  const root = await folder(dwh.id, null, "", "/");
  const a = await folder(dwh.id, root.id, "a", "/a");
  const b = await folder(dwh.id, a.id, "b", "/a/b");
  const c = await folder(dwh.id, b.id, "c", "/a/b/c");
  const other1 = await folder(dwh.id, root.id, "other", "/other");
  const lakeRoot = await folder(lake.id, null, "", "/");
  const foreignRoot = await folder(foreign.id, null, "", "/");

  const instance = async (
    projectId: number,
    patternId: number,
    folderId: number,
    name: string,
    customerId = acme.id,
  ) =>
    returnedRow(
      await db
        .insert(s.instances)
        .values({ customerId, projectId, patternId, instanceFolderId: folderId, name })
        .returning(),
    );
  const customer = await instance(dwh.id, hub.id, c.id, "CUSTOMER");
  const order = await instance(dwh.id, hub.id, a.id, "ORDER");
  const customerSat = await instance(dwh.id, sat.id, other1.id, "CUSTOMER");
  const lakeInstance = await instance(lake.id, hub.id, lakeRoot.id, "RAW");
  const foreignInstance = await instance(foreign.id, gHub.id, foreignRoot.id, "G_ONE", other.id);

  const override = async (
    variableId: number,
    projectId: number,
    value: string | null,
    at: { instanceFolderId?: number; instanceId?: number } = {},
  ) => await db.insert(s.variableOverrides).values({ variableId, projectId, value, ...at });
  await override(targetSchema.id, dwh.id, "dwh_prod");
  await override(targetSchema.id, dwh.id, "from_a", { instanceFolderId: a.id });
  await override(prefix.id, dwh.id, "cust_", { instanceId: customer.id, instanceFolderId: c.id });
  await override(targetSchema.id, lake.id, "lake");

  const agentGroup = async (customerId: number, name: string, description: string | null = null) =>
    returnedRow(
      await db.insert(s.agentGroups).values({ customerId, name, description }).returning(),
    );
  const prod = await agentGroup(acme.id, "prod", "Production runners");
  const test = await agentGroup(acme.id, "test");
  const foreignGroup = await agentGroup(other.id, "globex-prod");
  const agent = async (
    customerId: number,
    name: string,
    agentId: string,
    extra: Partial<typeof s.agents.$inferInsert> = {},
  ) =>
    returnedRow(
      await db
        .insert(s.agents)
        .values({
          customerId,
          name,
          agentId,
          secretHash: "$2a$04$secret-hash-never-shown",
          ...extra,
        })
        .returning(),
    );
  const runner1 = await agent(acme.id, "runner-1", "6f1c2d3e-0000-4000-8000-000000000001", {
    online: 1,
    groupId: prod.id,
  });
  const runner2 = await agent(acme.id, "runner-2", "6f1c2d3e-0000-4000-8000-000000000002", {
    groupId: prod.id,
    disabled: 1,
  });
  const loner = await agent(acme.id, "loner", "6f1c2d3e-0000-4000-8000-000000000003", {
    deleted: 1,
  });
  const foreignAgent = await agent(other.id, "g-runner", "6f1c2d3e-0000-4000-8000-000000000009", {
    groupId: foreignGroup.id,
  });

  const deployment = async (patternId: number, name: string, kind: string) =>
    returnedRow(
      await db
        .insert(s.deployments)
        .values({ patternId, name, kind, config: '{"target":"./out"}' })
        .returning(),
    );
  const toFolder = await deployment(hub.id, "to-folder", "directory");
  const toDb = await deployment(hub.id, "to-db", "sql");
  const satDeploy = await deployment(sat.id, "to-folder", "directory");
  const foreignDeploy = await deployment(gHub.id, "g-deploy", "directory");

  return {
    group,
    hub,
    sat,
    gHub,
    columnName,
    dataType,
    oldProperty,
    satProperty,
    foreignProperty,
    businessKey,
    oldRole,
    foreignRole,
    targetSchema,
    prefix,
    satSchema,
    foreignVariable,
    folders: { root, a, b, c, other: other1, lakeRoot, foreignRoot },
    customer,
    order,
    customerSat,
    lakeInstance,
    foreignInstance,
    prod,
    test,
    foreignGroup,
    runner1,
    runner2,
    loner,
    foreignAgent,
    toFolder,
    toDb,
    satDeploy,
    foreignDeploy,
  };
}

export type PatternsFixture = Awaited<ReturnType<typeof seedPatterns>>;
