import type { BundleInput } from "@metabuild/contract";
import { NotFound, POS_NO_COLUMN } from "@metabuild/core";
import {
  type Db,
  findCustomerByName,
  folderPathsOf,
  labelNamesOf,
  listCustomTablesOf,
  customViewsOf,
  listGrantsOfCustomer,
  listInstancesForExport,
  listOverridesOfProject,
  listScriptsWithBodies,
  listTableRows,
  loadCustomerForExport,
  loadStoredRows,
} from "@metabuild/db";
import YAML from "yaml";
import { bundlePatternOf } from "./export-pattern.ts";
import { INSTANCE_FLAGS, INSTANCE_FLAG_COLUMNS, type InstanceFlag } from "../instances/writer.ts";

export type ExportedCustomer = Omit<BundleInput, "version" | "customers"> & { customer: string };
type ExportedProject = NonNullable<ExportedCustomer["projects"]>[number];

const yes = (v: number) => v === 1;

/** Groups `items` by a key, keeping their order. */
function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const item of items) out.set(key(item), [...(out.get(key(item)) ?? []), item]);
  return out;
}

/** What an export holds beyond release groups and patterns (default: everything). */
export interface ExportScope {
  /** Only these projects (by name); default all. */
  projects?: readonly string[];
  /** Users and agent groups; default true. A project's bundle leaves them out (docs/bundles.md). */
  people?: boolean;
}

/**
 * One customer as a bundle (version 1): what `metabuild import` reads back
 * into the same state. Passwords and agent secrets leave only as hashes;
 * agents outside any group and deleted properties/roles are not written.
 */
export async function exportCustomer(
  db: Db,
  customerName: string,
  progress?: ExportProgress,
  scope: ExportScope = {},
): Promise<ExportedCustomer> {
  const customer = await findCustomerByName(db, customerName);
  if (!customer) throw new NotFound(`A customer with the name '${customerName}' does not exist!`);
  const stored = await loadCustomerForExport(db, customer.id);
  const people = scope.people ?? true;
  const all = {
    ...stored,
    projects: scope.projects
      ? stored.projects.filter((p) => scope.projects?.includes(p.name))
      : stored.projects,
    users: people ? stored.users : [],
    agentGroups: people ? stored.agentGroups : [],
  };
  const projectNames = new Map(stored.projects.map((p) => [p.id, p.name]));
  const groupNames = new Map(all.releaseGroups.map((g) => [g.id, g.name]));
  const releaseNames = new Map(all.releases.map((r) => [r.id, r.name]));
  const emails = new Map(stored.users.map((u) => [u.id, u.email]));
  const grantsByUser = groupBy(
    people ? await listGrantsOfCustomer(db, customer.id) : [],
    (g) => g.userId,
  );
  const variables = new Map(all.variables.map((v) => [v.id, v]));
  const patternNames = new Map(all.patterns.map((p) => [p.id, p.name]));
  const instanceLists = new Map<number, Awaited<ReturnType<typeof listInstancesForExport>>>();
  for (const p of all.projects) instanceLists.set(p.id, await listInstancesForExport(db, p.id));
  const total = [...instanceLists.values()].reduce((n, list) => n + list.length, 0);
  let done = 0;
  progress?.(0, total);
  const tick = () => progress?.(++done, total);
  const ofPattern = <T extends { patternId: number }>(rows: readonly T[]) =>
    groupBy(rows, (r) => r.patternId);
  const [properties, roles, vars, templates, deployments, snippets] = [
    ofPattern(all.properties),
    ofPattern(all.roles),
    ofPattern(all.variables),
    ofPattern(all.templates),
    ofPattern(all.deployments),
    ofPattern(all.snippets),
  ];

  return {
    customer: customer.name,
    release_groups: all.releaseGroups.map((g) => ({
      name: g.name,
      releases: all.releases.filter((r) => r.releaseGroupId === g.id).map((r) => r.name),
    })),
    users: all.users.map((u) => ({
      email: u.email,
      ...(u.name !== null && { name: u.name }),
      password_hash: u.passwordHash,
      admin: yes(u.admin),
      ...(yes(u.disabled) && { disabled: true }),
      grants: [...groupBy(grantsByUser.get(u.id) ?? [], (g) => g.projectId)].map(
        ([projectId, gs]) => ({
          project: projectNames.get(projectId) as string,
          permissions: gs.map((g) => g.permission as "access").sort(),
        }),
      ),
    })),
    patterns: all.patterns.map((p) =>
      bundlePatternOf(
        p,
        {
          properties: properties.get(p.id) ?? [],
          roles: roles.get(p.id) ?? [],
          variables: vars.get(p.id) ?? [],
          templates: templates.get(p.id) ?? [],
          deployments: deployments.get(p.id) ?? [],
          snippets: snippets.get(p.id) ?? [],
        },
        (id) => groupNames.get(id) as string,
      ),
    ),
    projects: await Promise.all(
      all.projects.map((p) =>
        exportProject(
          db,
          p,
          { variables, patternNames, releaseNames, emails },
          instanceLists.get(p.id) ?? [],
          tick,
        ),
      ),
    ),
    agent_groups: all.agentGroups.map((g) => ({
      name: g.name,
      description: g.description,
      agents: all.agents
        .filter((a) => a.groupId === g.id && a.deleted === 0)
        .map((a) => ({
          name: a.name,
          agent_id: a.agentId,
          secret_hash: a.secretHash,
          ...(yes(a.disabled) && { disabled: true }),
        })),
    })),
  };
}

/** Instances written so far, of how many (the CLI's progress bar). */
export type ExportProgress = (done: number, total: number) => void;

interface Names {
  variables: Map<number, { name: string; patternId: number }>;
  patternNames: Map<number, string>;
  releaseNames: Map<number, string>;
  emails: Map<number, string>;
}

async function exportProject(
  db: Db,
  project: { id: number; name: string; disabled: number; deleted: number },
  names: Names,
  instances: Awaited<ReturnType<typeof listInstancesForExport>>,
  tick: () => void,
): Promise<ExportedProject> {
  const folders = await folderPathsOf(db, project.id);
  const overrides = await listOverridesOfProject(db, project.id);
  const named = (o: (typeof overrides)[number]) => {
    const v = names.variables.get(o.variableId) as { name: string; patternId: number };
    return { pattern: names.patternNames.get(v.patternId) as string, name: v.name, value: o.value };
  };
  const usedFolders = new Set(instances.map((i) => i.folder));
  const parents = new Set([...folders.values()].map((p) => p.slice(0, p.lastIndexOf("/")) || "/"));
  const folderOverrides = groupBy(
    overrides.filter((o) => o.instanceFolderId !== null && o.instanceId === null),
    (o) => o.instanceFolderId as number,
  );
  return {
    name: project.name,
    disabled: yes(project.disabled),
    deleted: yes(project.deleted),
    variables: overrides
      .filter((o) => o.instanceFolderId === null && o.instanceId === null)
      .map(named),
    // Folders the instances do not imply: those with overrides, and empty leaves.
    folders: [...folders]
      .filter(
        ([id, path]) =>
          path !== "/" &&
          (folderOverrides.has(id) || (!usedFolders.has(path) && !parents.has(path))),
      )
      .sort((a, b) => a[1].localeCompare(b[1]))
      .map(([id, path]) => ({
        path,
        variables: (folderOverrides.get(id) ?? []).map(named),
      })),
    tables: await Promise.all(
      (await listCustomTablesOf(db, project.id)).map(async (t) => ({
        name: t.name,
        columns: JSON.parse(t.columns) as { name: string; datatype: string }[],
        rows: (await listTableRows(db, t.id)).map(
          (r) => JSON.parse(r) as Record<string, string | null>,
        ),
      })),
    ),
    // Only when there are any: files of projects without scripts or views stay as they were.
    ...(await scriptsOf(db, project.id)),
    ...(await viewsOf(db, project.id)),
    instances: await Promise.all(
      instances.map(async ({ instance: i, folder }) => {
        const flags = Object.fromEntries(
          INSTANCE_FLAGS.map((f) => [f, yes(i[INSTANCE_FLAG_COLUMNS[f]])]),
        ) as Record<InstanceFlag, boolean>;
        tick();
        const holder =
          i.checkedOutByUserId === null ? undefined : names.emails.get(i.checkedOutByUserId);
        return {
          pattern: names.patternNames.get(i.patternId) as string,
          folder,
          name: i.name,
          ...(i.description !== null && { description: i.description }),
          ...(i.releaseId !== null && { release: names.releaseNames.get(i.releaseId) }),
          labels: await labelNamesOf(db, i.id),
          ...(Object.values(flags).some(Boolean) && { flags }),
          ...(holder !== undefined && { checked_out_by: holder }),
          variables: overrides
            .filter((o) => o.instanceId === i.id)
            .map((o) => ({ name: named(o).name, value: o.value })),
          rows: await bundleRows(db, i.id),
        };
      }),
    ),
  };
}

/**
 * An instance's rows for the bundle. Empty cells are left out: import reads a
 * missing cell as empty. `@POS_NO` is written only where the positions are
 * not simply 1..n (an import without it numbers the rows so).
 */
async function bundleRows(db: Db, instanceId: number): Promise<Record<string, string>[]> {
  const { texts, positions } = await loadStoredRows(db, instanceId);
  const numbered = positions.every((p, k) => p === k + 1);
  return texts.map((text, k) => {
    const row = JSON.parse(text) as Record<string, string | null>;
    const cells = Object.fromEntries(
      Object.entries(row).filter((e): e is [string, string] => e[1] !== null),
    );
    return numbered ? cells : { [POS_NO_COLUMN]: String(positions[k]), ...cells };
  });
}

/** The bundle file text: YAML (JSON when the file name ends in `.json`). */
export async function exportBundleText(
  db: Db,
  customerName: string,
  fileName = "bundle.yaml",
  progress?: ExportProgress,
  scope: ExportScope = {},
): Promise<string> {
  const bundle: BundleInput = {
    version: 1,
    ...(await exportCustomer(db, customerName, progress, scope)),
  };
  return fileName.toLowerCase().endsWith(".json")
    ? `${JSON.stringify(bundle, null, 2)}\n`
    : YAML.stringify(bundle, { lineWidth: 0 });
}

/** The project's saved SQL scripts, current text only (docs/metadata-scripts.md "Bundles"). */
async function scriptsOf(db: Db, projectId: number) {
  const scripts = (await listScriptsWithBodies(db, projectId)).map((s) => ({
    folder: s.folder,
    name: s.name,
    body: s.body,
  }));
  return scripts.length > 0 ? { scripts } : {};
}

async function viewsOf(db: Db, projectId: number) {
  const views = (await customViewsOf(db, projectId)).map((v) => ({
    name: v.name,
    definition: v.definition,
  }));
  return views.length > 0 ? { views } : {};
}
