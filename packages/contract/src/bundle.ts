import { z } from "zod";
import { SQL_TEXT_MAX_CHARACTERS } from "./limits.ts";
import { PatternConstraints } from "./pattern-constraints.ts";

/**
 * The bundle format, version 1 (spec: docs/reference/bundle-format.md). Every object is strict, so a
 * misspelt key is an error instead of silently doing nothing. Lists may be
 * left out (they default to empty); optional scalars left out mean "as it is"
 * on an existing record and the store's default on a new one.
 */

const name = z.string().trim().min(1, { error: "must not be empty" });
const text = z.string().nullable().optional();
const flag = z.boolean().optional();
const list = <T extends z.ZodType>(item: T) => z.array(item).default([]);

/** A cell: YAML gives numbers and booleans for `10` or `true`; metadata keeps text. */
export const BundleCell = z
  .union([z.string(), z.number(), z.boolean(), z.null()], {
    error: "must be text, a number, true/false or null (not a list or an object)",
  })
  .transform((v) => (v === null ? null : String(v)));
/** A number-like field written as text in the store (`vers_no: 1.0`, `cardinality_min: 1`). */
const textual = z
  .union([z.string(), z.number()], { error: "must be text or a number" })
  .transform(String);

export const BundleRow = z.record(z.string(), BundleCell);
export type BundleRow = z.infer<typeof BundleRow>;

export const PERMISSION_NAMES = [
  "access",
  "write_instances",
  "read_builds",
  "write_builds",
] as const;

export const BundleReleaseGroup = z.strictObject({ name, releases: list(name) });

export const BundleGrant = z.strictObject({
  project: name,
  permissions: z.array(z.enum(PERMISSION_NAMES)),
});

export const BundleUser = z.strictObject({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: "must be an e-mail address" })),
  name: text,
  /** Plain text, hashed with bcrypt on import; or `password_hash`. */
  password: z.string().min(1).optional(),
  password_hash: z.string().min(1).optional(),
  admin: flag,
  disabled: flag,
  grants: list(BundleGrant),
});

export const DATATYPES = ["string", "integer", "number", "boolean", "date", "reference"] as const;

/** `0`, `1`, … for a lower bound; the same or `N` (unbounded) for an upper one. */
const cardinality = (unbounded: boolean) =>
  textual.pipe(
    z.string().regex(unbounded ? /^(\d+|N)$/ : /^\d+$/, {
      error: unbounded ? "must be a count or N" : "must be a count",
    }),
  );

export const BundleProperty = z.strictObject({
  name,
  datatype: z.enum(DATATYPES).optional(),
  /** The patterns a `reference` property may point to (docs/lineage.md "References"). */
  references: z.array(name).optional(),
  required: flag,
  format: text,
  description: text,
  pos_no: z.number().int().optional(),
});

export const BundleRole = z.strictObject({
  name,
  cardinality_min: cardinality(false).optional(),
  cardinality_max: cardinality(true).optional(),
  class: text,
  domain: text,
  readonly: flag,
  disabled: flag,
  merge_strategy: text,
  pos_no: z.number().int().optional(),
});

export const BundleVariable = z.strictObject({
  name,
  default: BundleCell.optional(),
  description: text,
});

export const BundleTemplate = z.strictObject({ path: z.string().min(1), body: z.string() });

export const BundleDeployment = z.strictObject({
  name,
  kind: z.enum(["directory", "sql"]),
  config: z.record(z.string(), z.unknown()).default({}),
});

/** A named snippet its templates use with `{% render 'name' %}` (docs/patterns-authoring.md). */
export const BundleSnippet = z.strictObject({ name, body: z.string() });

export const BundlePattern = z.strictObject({
  name,
  type: z.string().optional(),
  description: text,
  vers_no: textual.optional(),
  status: z.string().optional(),
  release_group: z.string().nullable().optional(),
  /** The rule new instance names follow; null or left out: the default (docs/instance-names.md). */
  instance_name_pattern: z.string().nullable().optional(),
  /** Rules beyond datatype and cardinality; left out keeps the stored ones (docs/pattern-constraints.md). */
  constraints: PatternConstraints.optional(),
  active: flag,
  disabled: flag,
  deleted: flag,
  properties: list(BundleProperty),
  functional_roles: list(BundleRole),
  variables: list(BundleVariable),
  templates: list(BundleTemplate),
  deployments: list(BundleDeployment),
  snippets: list(BundleSnippet),
});

export const BundleVariableOverride = z.strictObject({
  pattern: name,
  name,
  value: BundleCell,
});

export const BundleFolder = z.strictObject({
  path: z.string().min(1),
  variables: list(BundleVariableOverride),
});

export const BundleTable = z.strictObject({
  name,
  columns: list(z.strictObject({ name, datatype: z.string().default("string") })),
  rows: list(BundleRow),
});

/** A saved SQL script of the project's meta database (docs/metadata-scripts.md); the current text only. */
export const BundleScript = z.strictObject({
  folder: z.string().default("/"),
  name,
  body: z
    .string()
    .max(SQL_TEXT_MAX_CHARACTERS, {
      error: `must be at most ${SQL_TEXT_MAX_CHARACTERS} characters`,
    })
    .default(""),
});
/** A view of @TABLES: the dialect text of its SELECT (docs/metadata-sql.md "Views"). */
export const BundleView = z.strictObject({
  name,
  definition: z
    .string()
    .min(1)
    .max(SQL_TEXT_MAX_CHARACTERS, {
      error: `must be at most ${SQL_TEXT_MAX_CHARACTERS} characters`,
    }),
});

export const INSTANCE_FLAG_NAMES = [
  "deleted",
  "build_disabled",
  "upload_disabled",
  "insert_disabled",
  "edit_disabled",
] as const;

export const BundleInstance = z.strictObject({
  pattern: name,
  folder: z.string().default("/"),
  name,
  description: text,
  release: z.string().nullable().optional(),
  labels: z.array(name).optional(),
  flags: z
    .strictObject(
      Object.fromEntries(INSTANCE_FLAG_NAMES.map((f) => [f, flag])) as {
        [K in (typeof INSTANCE_FLAG_NAMES)[number]]: typeof flag;
      },
    )
    .optional(),
  /** E-mail of the user holding the instance checked out; null releases it. */
  checked_out_by: z.string().nullable().optional(),
  variables: list(z.strictObject({ name, value: BundleCell })),
  rows: list(BundleRow),
});

export const BundleProject = z.strictObject({
  name,
  disabled: flag,
  deleted: flag,
  variables: list(BundleVariableOverride),
  folders: list(BundleFolder),
  tables: list(BundleTable),
  scripts: list(BundleScript),
  views: list(BundleView),
  instances: list(BundleInstance),
});

export const BundleAgent = z.strictObject({
  name,
  /** Generated (and reported) when absent. */
  agent_id: z.string().min(1).optional(),
  /** Plain text, stored hashed; or `secret_hash` (what export writes). */
  secret: z.string().min(1).optional(),
  secret_hash: z.string().min(1).optional(),
  disabled: flag,
});

export const BundleAgentGroup = z.strictObject({
  name,
  description: text,
  agents: list(BundleAgent),
});

const customerFields = {
  release_groups: list(BundleReleaseGroup),
  users: list(BundleUser),
  patterns: list(BundlePattern),
  projects: list(BundleProject),
  agent_groups: list(BundleAgentGroup),
};

export const BundleCustomer = z.strictObject({ customer: name, ...customerFields });
export type BundleCustomer = z.infer<typeof BundleCustomer>;

/** A whole file: one customer at the top, and/or several under `customers`. */
export const Bundle = z
  .strictObject({
    version: z.literal(1, { error: "must be 1" }),
    customer: name.optional(),
    ...customerFields,
    customers: list(BundleCustomer),
  })
  .superRefine((b, ctx) => {
    const hasTopLevelContent =
      b.release_groups.length +
        b.users.length +
        b.patterns.length +
        b.projects.length +
        b.agent_groups.length >
      0;
    if (hasTopLevelContent && b.customer === undefined)
      ctx.addIssue({ code: "custom", path: ["customer"], message: "is required" });
  });
export type Bundle = z.infer<typeof Bundle>;
export type BundleInput = z.input<typeof Bundle>;
export type BundlePattern = z.infer<typeof BundlePattern>;
export type BundleProject = z.infer<typeof BundleProject>;
export type BundleInstance = z.infer<typeof BundleInstance>;
export type BundleUser = z.infer<typeof BundleUser>;
export type BundleAgentGroup = z.infer<typeof BundleAgentGroup>;

/** `customers[0].projects[1].rows[2].FOO`: where an issue sits in the file. */
export function bundlePath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const key of path) {
    if (typeof key === "number") out += `[${key}]`;
    else out += out === "" ? String(key) : `.${String(key)}`;
  }
  return out;
}

/** The customers of a parsed bundle, each with its path prefix for messages. */
export function bundleCustomers(
  b: Bundle,
): { customer: BundleCustomer; path: (string | number)[] }[] {
  const out: { customer: BundleCustomer; path: (string | number)[] }[] = [];
  if (b.customer !== undefined) {
    const { customers: _, version: __, customer, ...rest } = b;
    out.push({ customer: { customer, ...rest }, path: [] });
  }
  b.customers.forEach((customer, i) => {
    out.push({ customer, path: ["customers", i] });
  });
  return out;
}
