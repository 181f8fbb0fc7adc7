import { folderPathSegments } from "@metabuild/core";
import { type Db, schema, returnedRow } from "@metabuild/db";

const s = schema;

export interface ColumnSpec {
  name: string;
  posNo?: number;
  deleted?: boolean;
}

export interface PropertySpec extends ColumnSpec {
  datatype?: string;
  required?: boolean;
}

export interface InstanceSpec {
  projectId: number;
  patternId: number;
  /** Folder path; created with its parents when missing. Default `/`. */
  folder?: string;
  name: string;
  description?: string;
  /** Cells keyed by property/role name; stored with pos_no 1..n. */
  rows?: Record<string, string | null>[];
  labels?: string[];
  releaseId?: number | null;
  errors?: number;
  deleted?: boolean;
  uploadDisabled?: boolean;
  insertDisabled?: boolean;
  buildDisabled?: boolean;
  editDisabled?: boolean;
  checkedOut?: { userId: number; at: Date };
  identityId?: number;
}

const bit = (b: boolean | undefined) => (b ? 1 : 0);

/**
 * Inserts patterns, folders, instances with rows, labels and releases of one
 * customer straight into the store, for route tests that need a few records.
 */
export function instanceFixture(db: Db, customerId: number) {
  async function releaseGroup(name: string) {
    return returnedRow(await db.insert(s.releaseGroups).values({ customerId, name }).returning());
  }

  async function release(releaseGroupId: number, name: string) {
    return returnedRow(await db.insert(s.releases).values({ releaseGroupId, name }).returning());
  }

  async function pattern(
    name: string,
    spec: { releaseGroupId?: number; properties?: PropertySpec[]; roles?: ColumnSpec[] } = {},
  ) {
    const row = returnedRow(
      await db
        .insert(s.patterns)
        .values({ customerId, name, releaseGroupId: spec.releaseGroupId ?? null })
        .returning(),
    );
    for (const [i, p] of (spec.properties ?? []).entries()) {
      await db.insert(s.instanceProperties).values({
        patternId: row.id,
        name: p.name,
        datatype: p.datatype ?? "string",
        required: bit(p.required),
        posNo: p.posNo ?? i + 1,
        deleted: bit(p.deleted),
      });
    }
    for (const [i, r] of (spec.roles ?? []).entries()) {
      await db.insert(s.functionalRoles).values({
        patternId: row.id,
        name: r.name,
        posNo: r.posNo ?? i + 1,
        deleted: bit(r.deleted),
      });
    }
    return row;
  }

  // Ids of what this fixture created, so lookups need no SQL of their own.
  const folders = new Map<string, number>();
  const labelIds = new Map<string, number>();

  /** The folder at `path` (root `/` has an empty name), creating missing parents. */
  async function folder(projectId: number, path: string): Promise<number> {
    let parentId: number | null = null;
    let current = "";
    for (const name of ["", ...folderPathSegments(path)]) {
      current = name === "" ? "/" : `${current === "/" ? "" : current}/${name}`;
      const key = `${projectId}:${current}`;
      let id = folders.get(key);
      if (id === undefined) {
        id = returnedRow(
          await db
            .insert(s.instanceFolders)
            .values({ projectId, parentId, name, path: current })
            .returning(),
        ).id;
        folders.set(key, id);
      }
      parentId = id;
    }
    return parentId as number;
  }

  async function label(projectId: number, name: string): Promise<number> {
    const key = `${projectId}:${name}`;
    let id = labelIds.get(key);
    if (id === undefined) {
      id = returnedRow(await db.insert(s.labels).values({ projectId, name }).returning()).id;
      labelIds.set(key, id);
    }
    return id;
  }

  async function instance(spec: InstanceSpec) {
    const row = returnedRow(
      await db
        .insert(s.instances)
        .values({
          customerId,
          projectId: spec.projectId,
          patternId: spec.patternId,
          instanceFolderId: await folder(spec.projectId, spec.folder ?? "/"),
          name: spec.name,
          description: spec.description ?? null,
          releaseId: spec.releaseId ?? null,
          errors: spec.errors ?? 0,
          deleted: bit(spec.deleted),
          uploadDisabled: bit(spec.uploadDisabled),
          insertDisabled: bit(spec.insertDisabled),
          buildDisabled: bit(spec.buildDisabled),
          editDisabled: bit(spec.editDisabled),
          checkedOutByUserId: spec.checkedOut?.userId ?? null,
          checkedOutAt: spec.checkedOut?.at.toISOString() ?? null,
          identityId: spec.identityId ?? null,
        })
        .returning(),
    );
    for (const [i, data] of (spec.rows ?? []).entries()) {
      await db
        .insert(s.instanceRows)
        .values({ instanceId: row.id, posNo: i + 1, data: JSON.stringify(data) });
    }
    for (const name of spec.labels ?? []) {
      await db
        .insert(s.instanceLabels)
        .values({ instanceId: row.id, labelId: await label(spec.projectId, name) });
    }
    return row;
  }

  return { releaseGroup, release, pattern, folder, label, instance };
}

export type InstanceFixture = ReturnType<typeof instanceFixture>;

/**
 * A small catalogue on top of seedBasic(): release groups `core` (R1, R2) and
 * `ext` (R1); patterns HUB (core), SAT (ext) and STG (no group); instances in
 * nested folders of DWH with labels, flags, checkouts and errors; one
 * instance in LAKE and one of the other customer.
 */
export async function seedInstanceCatalog(
  db: Db,
  seed: {
    acme: { id: number };
    other: { id: number };
    ann: { id: number };
    bob: { id: number };
    dwh: { id: number };
    lake: { id: number };
    foreign: { id: number };
  },
  now: Date,
) {
  const fx = instanceFixture(db, seed.acme.id);
  const core = await fx.releaseGroup("core");
  const ext = await fx.releaseGroup("ext");
  const coreR1 = await fx.release(core.id, "R1");
  const coreR2 = await fx.release(core.id, "R2");
  const extR1 = await fx.release(ext.id, "R1");
  const hub = await fx.pattern("HUB", {
    releaseGroupId: core.id,
    properties: [
      { name: "TYPE", posNo: 2 },
      { name: "COLUMN", posNo: 1, required: true },
      { name: "OLD", posNo: 0, deleted: true },
    ],
    roles: [
      { name: "PK", posNo: 2 },
      { name: "BK", posNo: 1 },
    ],
  });
  const sat = await fx.pattern("SAT", { releaseGroupId: ext.id, properties: [{ name: "COLUMN" }] });
  const stg = await fx.pattern("STG", { properties: [{ name: "COLUMN" }] });
  const d = seed.dwh.id;
  const hubCustomer = await fx.instance({
    projectId: d,
    patternId: hub.id,
    folder: "/raw/crm",
    name: "HUB_CUSTOMER",
    description: "Customers",
    rows: [
      { COLUMN: "CUSTOMER_ID", TYPE: "INTEGER", BK: "X", PK: "X", OLD: "gone" },
      { COLUMN: "NAME", TYPE: "TEXT" },
    ],
    labels: ["crm", "gold"],
    releaseId: coreR1.id,
  });
  const hubOrder = await fx.instance({
    projectId: d,
    patternId: hub.id,
    folder: "/raw/crm",
    name: "HUB_ORDER",
    labels: ["erp"],
    releaseId: coreR2.id,
    errors: 2,
  });
  const hubProduct = await fx.instance({
    projectId: d,
    patternId: hub.id,
    folder: "/raw",
    name: "HUB_PRODUCT",
    releaseId: coreR1.id,
    deleted: true,
  });
  const satCustomer = await fx.instance({
    projectId: d,
    patternId: sat.id,
    folder: "/raw/crm/sub",
    name: "SAT_CUSTOMER",
    releaseId: extR1.id,
    buildDisabled: true,
    checkedOut: { userId: seed.ann.id, at: now },
  });
  const stgCustomer = await fx.instance({
    projectId: d,
    patternId: stg.id,
    folder: "/",
    name: "STG_CUSTOMER",
    uploadDisabled: true,
    insertDisabled: true,
    editDisabled: true,
    // Nine hours ago: past the default eight-hour checkout lifetime.
    checkedOut: { userId: seed.bob.id, at: new Date(now.getTime() - 9 * 3600 * 1000) },
  });
  const lakeOnly = await fx.instance({
    projectId: seed.lake.id,
    patternId: stg.id,
    name: "LAKE_ONLY",
  });
  await fx.label(seed.lake.id, "lake-label");
  const gx = instanceFixture(db, seed.other.id);
  const gxGroup = await gx.releaseGroup("core");
  const gxRelease = await gx.release(gxGroup.id, "R1");
  const gxPattern = await gx.pattern("HUB");
  const foreign = await gx.instance({
    projectId: seed.foreign.id,
    patternId: gxPattern.id,
    folder: "/raw",
    name: "GLOBEX_HUB",
    labels: ["crm"],
  });
  return {
    fx,
    core,
    ext,
    coreR1,
    coreR2,
    extR1,
    hub,
    sat,
    stg,
    hubCustomer,
    hubOrder,
    hubProduct,
    satCustomer,
    stgCustomer,
    lakeOnly,
    gxGroup,
    gxRelease,
    foreign,
  };
}
