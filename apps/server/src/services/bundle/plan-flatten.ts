import { type BundlePlanKind, INSTANCE_FLAG_NAMES } from "@metabuild/contract";
import type { ExportedCustomer } from "./export.ts";

/** A value as the plan shows it; null: absent (a new or removed field). */
export type Shown = string | null;

/** One record of a customer, its fields flattened to display text (docs/bundles.md, "Over HTTP"). */
export interface PlanEntry {
  kind: BundlePlanKind;
  name: string;
  project?: string;
  fields: Map<string, Shown>;
  /** The record as exported: equal digests are an unchanged record, its fields never built. */
  digest?: string;
}

/**
 * An entry whose fields are built only when compared: most instances and
 * tables of a large bundle are unchanged and need only their digest.
 */
function lazy(
  kind: BundlePlanKind,
  name: string,
  project: string,
  record: unknown,
  build: () => Map<string, Shown>,
): PlanEntry {
  let built: Map<string, Shown> | undefined;
  return {
    kind,
    name,
    project,
    digest: JSON.stringify(record),
    get fields() {
      built ??= build();
      return built;
    },
  };
}

/** Fields whose values are never shown, only that they are set or changed. */
export const SECRET_FIELD = /(^password$|\.secret$|\.agent_id$)/;

const text = (v: unknown): Shown => {
  if (v === undefined || v === null) return null;
  if (typeof v === "string") return v;
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  return JSON.stringify(v);
};

/** The entry's fields from an object, leaving out the keys in `skip`. */
function scalars(obj: Record<string, unknown>, skip: readonly string[]): Map<string, Shown> {
  const out = new Map<string, Shown>();
  for (const [k, v] of Object.entries(obj)) {
    if (skip.includes(k) || Array.isArray(v)) continue;
    out.set(k, text(v));
  }
  return out;
}

/** `list.KEY` = the entry's other fields, for lists keyed by name inside a record. */
function keyed<T extends Record<string, unknown>>(
  fields: Map<string, Shown>,
  list: readonly T[] | undefined,
  prefix: string,
  key: (item: T) => string,
  value: (item: T) => unknown,
): void {
  for (const item of list ?? []) fields.set(`${prefix}.${key(item)}`, text(value(item)));
}

const without = <T extends Record<string, unknown>>(obj: T, ...keys: string[]) =>
  Object.fromEntries(Object.entries(obj).filter(([k]) => !keys.includes(k)));

/** `rows[i].COLUMN` = the cell: a changed cell is one line of the plan. */
function cells(fields: Map<string, Shown>, rows: readonly Record<string, unknown>[] | undefined) {
  (rows ?? []).forEach((row, i) => {
    for (const [col, v] of Object.entries(row)) fields.set(`rows[${i}].${col}`, text(v));
  });
}

const instancePath = (folder: string, name: string) => `${folder === "/" ? "" : folder}/${name}`;

/** Every folder a project has in the export: those listed and those its instances imply. */
function folderPaths(project: NonNullable<ExportedCustomer["projects"]>[number]): string[] {
  const paths = new Set<string>();
  const add = (path: string) => {
    for (let p = path; p !== "/" && p !== ""; p = p.slice(0, p.lastIndexOf("/")) || "/")
      paths.add(p);
  };
  for (const f of project.folders ?? []) add(f.path);
  for (const i of project.instances ?? []) add(i.folder ?? "/");
  return [...paths].sort();
}

/** A customer's export as plan entries, keyed by kind, project and name. */
export function flattenCustomer(c: ExportedCustomer): Map<string, PlanEntry> {
  const out = new Map<string, PlanEntry>();
  const put = (e: PlanEntry) => out.set(`${e.kind}\u0000${e.project ?? ""}\u0000${e.name}`, e);
  put({ kind: "customer", name: c.customer, fields: new Map() });
  for (const g of c.release_groups ?? [])
    put({
      kind: "release_group",
      name: g.name,
      fields: new Map([["releases", (g.releases ?? []).join(", ")]]),
    });
  for (const u of c.users ?? []) {
    const fields = scalars(without(u, "password_hash", "password"), ["email"]);
    fields.set("disabled", text(!!u.disabled));
    fields.set("password", u.password_hash ?? null);
    keyed(
      fields,
      u.grants,
      "grants",
      (g) => g.project,
      (g) => [...g.permissions].sort().join(", "),
    );
    put({ kind: "user", name: u.email, fields });
  }
  for (const p of c.patterns ?? []) {
    const fields = scalars(p, ["name"]);
    // Constraints have no names: the list is one field (docs/pattern-constraints.md).
    if (p.constraints?.length) fields.set("constraints", JSON.stringify(p.constraints));
    keyed(
      fields,
      p.properties,
      "properties",
      (x) => x.name,
      (x) => without(x, "name"),
    );
    keyed(
      fields,
      p.functional_roles,
      "functional_roles",
      (x) => x.name,
      (x) => without(x, "name"),
    );
    keyed(
      fields,
      p.variables,
      "variables",
      (x) => x.name,
      (x) => without(x, "name"),
    );
    keyed(
      fields,
      p.templates,
      "templates",
      (x) => x.path,
      (x) => x.body,
    );
    keyed(
      fields,
      p.deployments,
      "deployments",
      (x) => x.name,
      (x) => without(x, "name"),
    );
    put({ kind: "pattern", name: p.name, fields });
  }
  for (const p of c.projects ?? []) flattenProject(p, put);
  for (const g of c.agent_groups ?? []) {
    const fields = scalars(g, ["name"]);
    for (const a of g.agents ?? []) {
      fields.set(`agents.${a.name}`, a.disabled ? "disabled" : "enabled");
      fields.set(`agents.${a.name}.agent_id`, a.agent_id ?? null);
      fields.set(`agents.${a.name}.secret`, a.secret_hash ?? null);
    }
    put({ kind: "agent_group", name: g.name, fields });
  }
  return out;
}

type ExportedProject = NonNullable<ExportedCustomer["projects"]>[number];

function flattenProject(p: ExportedProject, put: (e: PlanEntry) => void): void {
  const project = p.name;
  const fields = scalars(p, ["name"]);
  keyed(
    fields,
    p.variables,
    "variables",
    (v) => `${v.pattern}.${v.name}`,
    (v) => v.value,
  );
  put({ kind: "project", name: project, fields });
  const folderVars = new Map((p.folders ?? []).map((f) => [f.path, f.variables ?? []]));
  for (const path of folderPaths(p)) {
    const fields = new Map<string, Shown>();
    keyed(
      fields,
      folderVars.get(path),
      "variables",
      (v) => `${v.pattern}.${v.name}`,
      (v) => v.value,
    );
    put({ kind: "folder", name: path, project, fields });
  }
  for (const t of p.tables ?? [])
    put(
      lazy("table", t.name, project, t, () => {
        const fields = new Map<string, Shown>([["columns", text(t.columns)]]);
        cells(fields, t.rows);
        return fields;
      }),
    );
  for (const s of p.scripts ?? [])
    put({
      kind: "script",
      name: s.folder === "/" ? `/${s.name}` : `${s.folder}/${s.name}`,
      project,
      fields: new Map<string, Shown>([["body", text(s.body)]]),
    });
  for (const v of p.views ?? [])
    put({ kind: "view", name: v.name, project, fields: new Map([["definition", v.definition]]) });
  for (const i of p.instances ?? [])
    put(
      lazy("instance", `${i.pattern} ${instancePath(i.folder ?? "/", i.name)}`, project, i, () => {
        const fields = scalars(without(i, "flags"), ["pattern", "folder", "name"]);
        fields.set("labels", (i.labels ?? []).join(", "));
        // Export leaves out an all-false flag set: every flag is shown, so clearing one is a change.
        for (const flag of INSTANCE_FLAG_NAMES)
          fields.set(`flags.${flag}`, text(!!i.flags?.[flag]));
        keyed(
          fields,
          i.variables,
          "variables",
          (v) => v.name,
          (v) => v.value,
        );
        cells(fields, i.rows);
        return fields;
      }),
    );
}
