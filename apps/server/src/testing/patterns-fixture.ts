import { type Db, schema as s } from "@metabuild/db";
import type { seedBasic } from "./harness.ts";

/**
 * Patterns with their structure, variables and overrides, agents and
 * deployments on top of seedBasic(): Acme has HUB and SAT, Globex has its own
 * G_HUB. DWH's folder tree is / > /a > /a/b > /a/b/c.
 */
export function seedPatterns(db: Db, seed: ReturnType<typeof seedBasic>) {
  const { acme, other, dwh, lake, foreign } = seed;
  const group = db
    .insert(s.releaseGroups)
    .values({ customerId: acme.id, name: "core" })
    .returning()
    .get();
  const pattern = (
    customerId: number,
    name: string,
    extra: Partial<typeof s.patterns.$inferInsert> = {},
  ) =>
    db
      .insert(s.patterns)
      .values({ customerId, name, ...extra })
      .returning()
      .get();
  const hub = pattern(acme.id, "HUB", {
    description: "Hub table and loader",
    releaseGroupId: group.id,
  });
  const sat = pattern(acme.id, "SAT", { type: "POSTGRES", versNo: "2.1", disabled: 1 });
  const gHub = pattern(other.id, "G_HUB");

  const property = (
    patternId: number,
    name: string,
    extra: Partial<typeof s.instanceProperties.$inferInsert> = {},
  ) =>
    db
      .insert(s.instanceProperties)
      .values({ patternId, name, ...extra })
      .returning()
      .get();
  const columnName = property(hub.id, "COLUMN_NAME", { required: 1, posNo: 1 });
  const dataType = property(hub.id, "DATA_TYPE", {
    posNo: 2,
    format: "upper",
    description: "SQL type",
  });
  const oldProperty = property(hub.id, "OLD_COLUMN", { deleted: 1, posNo: 3 });
  const satProperty = property(sat.id, "COLUMN_NAME", { posNo: 1 });
  const foreignProperty = property(gHub.id, "G_COLUMN");

  const role = (
    patternId: number,
    name: string,
    extra: Partial<typeof s.functionalRoles.$inferInsert> = {},
  ) =>
    db
      .insert(s.functionalRoles)
      .values({ patternId, name, ...extra })
      .returning()
      .get();
  const businessKey = role(hub.id, "BUSINESS_KEY", {
    cardinalityMin: "1",
    class: "key",
    readonly: 1,
    mergeStrategy: "replace",
  });
  const oldRole = role(hub.id, "OLD_ROLE", { deleted: 1 });
  const foreignRole = role(gHub.id, "G_KEY");

  const variable = (
    patternId: number,
    name: string,
    defaultValue: string | null,
    description?: string,
  ) =>
    db
      .insert(s.variableDefinitions)
      .values({ patternId, name, defaultValue, description })
      .returning()
      .get();
  const targetSchema = variable(hub.id, "TARGET_SCHEMA", "dwh", "Schema of the hub tables");
  const prefix = variable(hub.id, "PREFIX", "h_");
  const satSchema = variable(sat.id, "TARGET_SCHEMA", "sat");
  const foreignVariable = variable(gHub.id, "G_SCHEMA", "globex");

  const folder = (projectId: number, parentId: number | null, name: string, path: string) =>
    db.insert(s.instanceFolders).values({ projectId, parentId, name, path }).returning().get();
  const root = folder(dwh.id, null, "", "/");
  const a = folder(dwh.id, root.id, "a", "/a");
  const b = folder(dwh.id, a.id, "b", "/a/b");
  const c = folder(dwh.id, b.id, "c", "/a/b/c");
  const other1 = folder(dwh.id, root.id, "other", "/other");
  const lakeRoot = folder(lake.id, null, "", "/");
  const foreignRoot = folder(foreign.id, null, "", "/");

  const instance = (
    projectId: number,
    patternId: number,
    folderId: number,
    name: string,
    customerId = acme.id,
  ) =>
    db
      .insert(s.instances)
      .values({ customerId, projectId, patternId, instanceFolderId: folderId, name })
      .returning()
      .get();
  const customer = instance(dwh.id, hub.id, c.id, "CUSTOMER");
  const order = instance(dwh.id, hub.id, a.id, "ORDER");
  const customerSat = instance(dwh.id, sat.id, other1.id, "CUSTOMER");
  const lakeInstance = instance(lake.id, hub.id, lakeRoot.id, "RAW");
  const foreignInstance = instance(foreign.id, gHub.id, foreignRoot.id, "G_ONE", other.id);

  const override = (
    variableId: number,
    projectId: number,
    value: string | null,
    at: { instanceFolderId?: number; instanceId?: number } = {},
  ) =>
    db
      .insert(s.variableOverrides)
      .values({ variableId, projectId, value, ...at })
      .run();
  override(targetSchema.id, dwh.id, "dwh_prod");
  override(targetSchema.id, dwh.id, "from_a", { instanceFolderId: a.id });
  override(prefix.id, dwh.id, "cust_", { instanceId: customer.id, instanceFolderId: c.id });
  override(targetSchema.id, lake.id, "lake");

  const agentGroup = (customerId: number, name: string, description: string | null = null) =>
    db.insert(s.agentGroups).values({ customerId, name, description }).returning().get();
  const prod = agentGroup(acme.id, "prod", "Production runners");
  const test = agentGroup(acme.id, "test");
  const foreignGroup = agentGroup(other.id, "globex-prod");
  const agent = (
    customerId: number,
    name: string,
    agentId: string,
    extra: Partial<typeof s.agents.$inferInsert> = {},
  ) =>
    db
      .insert(s.agents)
      .values({ customerId, name, agentId, secretHash: "$2a$04$secret-hash-never-shown", ...extra })
      .returning()
      .get();
  const runner1 = agent(acme.id, "runner-1", "6f1c2d3e-0000-4000-8000-000000000001", {
    online: 1,
    groupId: prod.id,
  });
  const runner2 = agent(acme.id, "runner-2", "6f1c2d3e-0000-4000-8000-000000000002", {
    groupId: prod.id,
    disabled: 1,
  });
  const loner = agent(acme.id, "loner", "6f1c2d3e-0000-4000-8000-000000000003", { deleted: 1 });
  const foreignAgent = agent(other.id, "g-runner", "6f1c2d3e-0000-4000-8000-000000000009", {
    groupId: foreignGroup.id,
  });

  const deployment = (patternId: number, name: string, kind: string) =>
    db
      .insert(s.deployments)
      .values({ patternId, name, kind, config: '{"target":"./out"}' })
      .returning()
      .get();
  const toFolder = deployment(hub.id, "to-folder", "directory");
  const toDb = deployment(hub.id, "to-db", "sql");
  const satDeploy = deployment(sat.id, "to-folder", "directory");
  const foreignDeploy = deployment(gHub.id, "g-deploy", "directory");

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

export type PatternsFixture = ReturnType<typeof seedPatterns>;
