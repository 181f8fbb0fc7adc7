import type { QueryValue } from "../../lib/query-string.ts";

/**
 * The instance list's filters and order as the page's URL carries them, so a
 * link restores exactly what was on screen. Keys follow the `/v1/instances` list.
 */
export interface InstanceSearch {
  pattern?: string;
  folder?: string;
  /** "This folder and below"; undefined: on for a folder that has subfolders (docs/instance-search.md). */
  subfolders?: boolean;
  name?: string;
  /** At least one of these labels. */
  labels: string[];
  /** Release group name → release name. */
  releases: Record<string, string>;
  flags: Partial<Record<FlagFilter, boolean>>;
  sort?: { field: string; desc: boolean };
}

/** The boolean filters of docs/reference/endpoints.md, in the order the page shows them. */
export const FLAG_FILTERS = [
  "invalid",
  "checked_out",
  "deleted",
  "upload_disabled",
  "insert_disabled",
  "build_disabled",
  "edit_disabled",
] as const;
export type FlagFilter = (typeof FLAG_FILTERS)[number];

const text = (v: string | null) => (v === null || v === "" ? undefined : v);

/** Reads the URL's search params; unknown or malformed values are ignored. */
export function readInstanceSearch(params: URLSearchParams): InstanceSearch {
  const releases: Record<string, string> = {};
  // `release=core:R1`: the group, then the release (a release name may hold ':').
  for (const entry of params.getAll("release")) {
    const at = entry.indexOf(":");
    if (at > 0 && at < entry.length - 1) releases[entry.slice(0, at)] = entry.slice(at + 1);
  }
  const flags: InstanceSearch["flags"] = {};
  for (const f of FLAG_FILTERS) {
    const v = params.get(f);
    if (v === "true" || v === "false") flags[f] = v === "true";
  }
  const sort = text(params.get("sort"));
  const sub = params.get("subfolders");
  return {
    pattern: text(params.get("pattern")),
    folder: text(params.get("folder")),
    subfolders: sub === "1" ? true : sub === "0" ? false : undefined,
    name: text(params.get("name")),
    labels: params.getAll("labels").filter(Boolean),
    releases,
    flags,
    sort: sort ? { field: sort.replace(/^-/, ""), desc: sort.startsWith("-") } : undefined,
  };
}

/** The URL form of a search; the inverse of `readInstanceSearch`. */
export function writeInstanceSearch(s: InstanceSearch): URLSearchParams {
  const out = new URLSearchParams();
  if (s.pattern) out.set("pattern", s.pattern);
  if (s.folder) out.set("folder", s.folder);
  if (s.subfolders !== undefined) out.set("subfolders", s.subfolders ? "1" : "0");
  if (s.name) out.set("name", s.name);
  for (const l of s.labels) out.append("labels", l);
  for (const [group, release] of Object.entries(s.releases))
    out.append("release", `${group}:${release}`);
  for (const f of FLAG_FILTERS) if (s.flags[f] !== undefined) out.set(f, String(s.flags[f]));
  if (s.sort) out.set("sort", `${s.sort.desc ? "-" : ""}${s.sort.field}`);
  return out;
}

/** True when the search takes the folder's subfolders too (`hasSubfolders`: the default). */
export function includesSubfolders(s: InstanceSearch, hasSubfolders: boolean): boolean {
  return Boolean(s.folder) && (s.subfolders ?? hasSubfolders);
}

/**
 * The filters of the `/v1/instances` list for a project (paging and order apart);
 * `hasSubfolders` says whether the chosen folder has subfolders.
 */
export function instanceFilterQuery(
  projectId: number,
  s: InstanceSearch,
  hasSubfolders = false,
): Record<string, QueryValue> {
  const query: Record<string, QueryValue> = {
    project_id: projectId,
    pattern: s.pattern,
    folder: s.folder,
    ...(includesSubfolders(s, hasSubfolders) ? { subfolders: true } : {}),
    name: s.name,
    labels: s.labels.length ? s.labels : undefined,
    releases: Object.keys(s.releases).length ? s.releases : undefined,
  };
  for (const f of FLAG_FILTERS) if (s.flags[f] !== undefined) query[f] = s.flags[f];
  return query;
}

/** True when anything narrows the list (the order does not). */
export function isFiltered(s: InstanceSearch): boolean {
  return Boolean(
    s.pattern ||
      s.folder ||
      s.name ||
      s.labels.length ||
      Object.keys(s.releases).length ||
      Object.keys(s.flags).length,
  );
}
