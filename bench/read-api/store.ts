/**
 * The benchmark's store: one customer, one project, one satellite-like pattern
 * (6 properties, 2 roles) in a release group, ~230 folders in a tree, labels,
 * releases, and 100,000 instances × 10 rows. Customer, user, pattern and
 * releases come in through a bundle (the real import); the instances through
 * bulkLoadInstances, which writes what InstanceWriter writes in seconds
 * rather than minutes.
 */
import { type MetadataRow, validateInstance } from "@metabuild/core";
import {
  type BulkInstance,
  type Db,
  bulkLoadInstances,
  ensureFolder,
  findCustomerByName,
  findPatternByName,
  findProjectByName,
  findReleaseIdInGroup,
  findUserByEmail,
  loadPatternColumns,
} from "@metabuild/db";
import { importBundle } from "@metabuild/server/services/bundle/import";
import { parseBundle } from "@metabuild/server/services/bundle/parse";
import type { InstanceWriter } from "@metabuild/server/services/instances/writer";
import type { Clock } from "@metabuild/server/infra/clock";

export const BENCH_USER = { email: "reader@bench.test", password: "bench-reader-password" };
export const PROJECT = "BENCH_DWH";
export const CUSTOMER = "BenchCorp";
const PATTERN = "SATELLITE";
const RELEASES = ["R2024.1", "R2024.2", "R2025.1", "R2025.2"];
const LABELS = ["pii", "finance", "core", "legacy", "gdpr", "hr", "sales"];
const LAYERS = ["raw", "stage", "vault", "mart"];
const AREAS = ["sales", "finance", "hr", "logistics", "marketing", "product", "support"];
const SUBJECTS = ["customer", "order", "invoice", "employee", "shipment", "campaign", "ticket"];
const DATA_TYPES = ["VARCHAR", "INTEGER", "DECIMAL", "DATE", "TIMESTAMP", "BOOLEAN"];

/** The bundle of everything but the instances. */
function bundle() {
  return {
    version: 1,
    customer: CUSTOMER,
    release_groups: [{ name: "core", releases: RELEASES }],
    users: [
      {
        email: BENCH_USER.email,
        password: BENCH_USER.password,
        admin: false,
        grants: [{ project: PROJECT, permissions: ["access", "read_builds"] }],
      },
    ],
    patterns: [
      {
        name: PATTERN,
        type: "SQLITE",
        description: "Satellite table with its loader",
        release_group: "core",
        properties: [
          { name: "COLUMN_NAME", datatype: "string", required: true },
          { name: "DATA_TYPE", datatype: "string", required: true },
          { name: "LENGTH", datatype: "integer" },
          { name: "NULLABLE", datatype: "boolean" },
          { name: "SOURCE_COLUMN", datatype: "string" },
          { name: "DESCRIPTION", datatype: "string" },
        ],
        functional_roles: [
          { name: "BUSINESS_KEY", cardinality_min: "1", cardinality_max: "N" },
          { name: "HASH_DIFF", cardinality_min: "0", cardinality_max: "N" },
        ],
      },
    ],
    projects: [{ name: PROJECT }],
  };
}

/** Every folder path of the tree: layers, areas below them, subjects below those. */
export function folderPaths(): { all: string[]; leaves: string[] } {
  const all: string[] = [];
  const leaves: string[] = [];
  for (const layer of LAYERS) {
    all.push(`/${layer}`);
    for (const area of AREAS) {
      all.push(`/${layer}/${area}`);
      for (const subject of SUBJECTS) {
        const leaf = `/${layer}/${area}/${subject}`;
        all.push(leaf);
        leaves.push(leaf);
      }
    }
  }
  return { all, leaves };
}

/** Ten metadata rows; the first carries the business key, a few are broken on purpose. */
function rowsOf(i: number, broken: boolean): Record<string, string | null>[] {
  return Array.from({ length: 10 }, (_, r) => ({
    COLUMN_NAME: broken && r === 3 ? null : `COL_${i}_${r + 1}`,
    DATA_TYPE: DATA_TYPES[(i + r) % DATA_TYPES.length] as string,
    LENGTH: r % 3 === 0 ? null : broken && r === 5 ? "n/a" : String(8 * (1 + ((i + r) % 32))),
    NULLABLE: r === 0 ? "false" : "true",
    SOURCE_COLUMN: `src_${i % 997}_${r + 1}`,
    DESCRIPTION: r % 2 === 0 ? `Attribute ${r + 1} of entity ${i}` : null,
    BUSINESS_KEY: r === 0 ? "X" : null,
    HASH_DIFF: r > 0 && r < 8 ? "X" : null,
  }));
}

export interface BenchStore {
  projectId: number;
  firstId: number;
  lastId: number;
  leafFolders: string[];
  seconds: number;
}

/** Fills an empty store; `count` instances spread round-robin over the leaf folders. */
export async function fillStore(
  deps: { db: Db; clock: Clock; writer: InstanceWriter },
  count: number,
): Promise<BenchStore> {
  const started = performance.now();
  const { db } = deps;
  await importBundle(deps, parseBundle(JSON.stringify(bundle()), "bench.json"));
  const customerId = (await findCustomerByName(db, CUSTOMER))?.id as number;
  const project = await findProjectByName(db, customerId, PROJECT);
  const pattern = await findPatternByName(db, customerId, PATTERN);
  const user = await findUserByEmail(db, BENCH_USER.email);
  if (!project || !pattern || !user) throw new Error("the bench bundle did not load");
  const releaseIds: number[] = [];
  for (const r of RELEASES)
    releaseIds.push(
      (await findReleaseIdInGroup(db, pattern.releaseGroupId as number, r)) as number,
    );
  const { all, leaves } = folderPaths();
  const folderIds = new Map<string, number>();
  for (const p of all) folderIds.set(p, await ensureFolder(db, project.id, p.split("/").slice(1)));
  const { properties, roles } = await loadPatternColumns(db, pattern.id);

  function* instances(): Generator<BulkInstance> {
    for (let i = 0; i < count; i++) {
      const folder = leaves[i % leaves.length] as string;
      const rows = rowsOf(i, i % 50 === 7);
      const labels = i % 3 === 0 ? [] : [LABELS[i % 7] as string, LABELS[(i * 3) % 7] as string];
      const releaseId = i % 5 === 0 ? null : (releaseIds[i % 4] as number);
      const description = `Satellite ${i} of ${folder}`;
      yield {
        instanceFolderId: folderIds.get(folder) as number,
        name: `SAT_${String(i).padStart(6, "0")}`,
        description,
        releaseId,
        labels,
        rows,
        issues: validateInstance(rows as MetadataRow[], properties, roles),
        // The state InstanceWriter keeps in a first commit.
        commitAfter: JSON.stringify({
          rows,
          description,
          release_id: releaseId,
          labels: [...new Set(labels)],
          flags: {
            deleted: false,
            upload_disabled: false,
            insert_disabled: false,
            build_disabled: false,
            edit_disabled: false,
          },
        }),
      };
    }
  }

  const loaded = await bulkLoadInstances(
    db,
    {
      customerId,
      projectId: project.id,
      patternId: pattern.id,
      userId: user.id,
      at: deps.clock.now().toISOString(),
      source: "import",
    },
    instances(),
  );
  return {
    projectId: project.id,
    firstId: loaded.firstId as number,
    lastId: loaded.lastId as number,
    leafFolders: leaves,
    seconds: (performance.now() - started) / 1000,
  };
}
