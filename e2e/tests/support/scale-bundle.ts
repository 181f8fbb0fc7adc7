/**
 * A generated bundle (docs/reference/bundle-format.md) of one project at the
 * size of a real data platform: `instances` STG/HUB/SAT instances of the demo's
 * patterns in 5 domains × 6 areas × 7 leaf folders (245 folders, nested like
 * /erp/sales/orders), with names of the data vault kind (STG_ORDER_LINE_00042,
 * H_ORDER_LINE_00042, S_ORDER_LINE_00042_DETAILS) so that parts of names find
 * them. Every instance is valid, so a build takes all of them. Used by the
 * e2e scale spec and bench/console (docs/console-scale.md).
 */

export const DOMAINS: Record<string, string[]> = {
  erp: ["sales", "purchasing", "inventory", "production", "logistics", "pricing"],
  crm: ["customers", "contacts", "campaigns", "service", "loyalty", "leads"],
  web: ["sessions", "clicks", "search", "checkout", "content", "ads"],
  finance: ["ledger", "payables", "receivables", "assets", "tax", "budget"],
  hr: ["employees", "payroll", "recruiting", "training", "absence", "org"],
};
const LEAVES = ["orders", "lines", "items", "history", "archive", "staging", "current"];
const NOUNS = [
  "ORDER_LINE",
  "CUSTOMER",
  "PRODUCT",
  "INVOICE",
  "SUPPLIER",
  "PAYMENT",
  "SHIPMENT",
  "CONTRACT",
  "EMPLOYEE",
  "ACCOUNT",
  "CAMPAIGN",
  "SESSION",
];

/** The leaf folders in tree order: /erp/sales/orders, /erp/sales/lines, … */
export function leafFolders(): string[] {
  const out: string[] = [];
  for (const [domain, areas] of Object.entries(DOMAINS))
    for (const area of areas) for (const leaf of LEAVES) out.push(`/${domain}/${area}/${leaf}`);
  return out;
}

export interface ScaleInstance {
  pattern: "STG" | "HUB" | "SAT";
  folder: string;
  name: string;
  rows: Record<string, string>[];
}

/** The entity of number `i`: its noun and number, e.g. ORDER_LINE_00042. */
function entity(i: number): string {
  return `${NOUNS[i % NOUNS.length]}_${String(i).padStart(5, "0")}`;
}

/**
 * The instances: one entity gives a staging table, a hub and a satellite in
 * the same leaf folder; entities are spread evenly (contiguously) over the
 * leaves, so each subtree holds a known share.
 */
export function scaleInstances(instances: number): ScaleInstance[] {
  const leaves = leafFolders();
  const entities = Math.ceil(instances / 3);
  const out: ScaleInstance[] = [];
  for (let i = 0; i < entities && out.length < instances; i++) {
    const e = entity(i);
    const folder = leaves[Math.floor((i * leaves.length) / entities)] as string;
    const key = `${e}_NO`;
    out.push({
      pattern: "STG",
      folder,
      name: `STG_${e}`,
      rows: [
        { COLUMN_NAME: key, DATA_TYPE: "TEXT", BUSINESS_KEY: "X" },
        { COLUMN_NAME: "NAME", DATA_TYPE: "TEXT" },
      ],
    });
    if (out.length < instances)
      out.push({
        pattern: "HUB",
        folder,
        name: `H_${e}`,
        rows: [
          { COLUMN_NAME: `HK_${e}`, DATA_TYPE: "TEXT", HASH_KEY: "X" },
          { COLUMN_NAME: key, DATA_TYPE: "TEXT", SOURCE_COLUMN: key, BUSINESS_KEY: "X" },
        ],
      });
    if (out.length < instances)
      out.push({
        pattern: "SAT",
        folder,
        name: `S_${e}_DETAILS`,
        rows: [
          { COLUMN_NAME: `HK_${e}`, DATA_TYPE: "TEXT", SOURCE_COLUMN: key, PARENT_KEY: "X" },
          { COLUMN_NAME: "NAME", DATA_TYPE: "TEXT", SOURCE_COLUMN: "NAME", PAYLOAD: "X" },
        ],
      });
  }
  return out;
}

export interface ScaleBundleOptions {
  project: string;
  instances: number;
  /** Users added with exactly these permissions on the project. */
  users?: { email: string; password: string; permissions: string[] }[];
}

/** The bundle as JSON text (JSON parses faster than YAML at this size). */
export function scaleBundle(options: ScaleBundleOptions): string {
  return JSON.stringify({
    version: 1,
    customer: "Demo Retail",
    users: (options.users ?? []).map((u) => ({
      email: u.email,
      name: u.email,
      password: u.password,
      grants: [{ project: options.project, permissions: u.permissions }],
    })),
    projects: [
      {
        name: options.project,
        // Every folder, so the tree shows the whole layout even for a small N.
        folders: leafFolders().map((path) => ({ path })),
        instances: scaleInstances(options.instances),
      },
    ],
  });
}

/** How many of `instances` lie at or below `folder`. */
export function countBelow(instances: ScaleInstance[], folder: string): number {
  return instances.filter((i) => i.folder === folder || i.folder.startsWith(`${folder}/`)).length;
}
