import { Bundle, BundleExportQuery, BundleImportQuery, BundlePlan } from "../../index.ts";
import { defineOperation } from "../operation.ts";

export const importBundleOperation = defineOperation({
  method: "post",
  path: "/api/console/bundles",
  errors: [413, 415],
  summary: "Import a bundle, or with dry_run=true only answer its plan (admins only)",
  description:
    "The body is a bundle in the format of `metabuild import` (docs/bundles.md), sent as " +
    "`application/yaml`, `text/yaml` or `application/json` (no Content-Type: JSON); other types " +
    "are 415. It may be up to METABUILD_BUNDLE_MAX_BYTES (413 beyond) and hold up to " +
    "METABUILD_BUNDLE_MAX_ITEMS list entries (413 beyond), nested at most METABUILD_MAX_JSON_DEPTH " +
    "levels deep (400 beyond). The answer is the plan: " +
    "per customer, the counts and the list of release groups, users, patterns, projects, " +
    "folders, custom tables, instances and agent groups the import creates or changes, with " +
    "field-level before → after (passwords and secrets only as `(set)`/`(changed)`). " +
    "`dry_run=true` writes nothing; without it the import is applied all or nothing (one " +
    "transaction). 400 names the entry (e.g. `projects[0].instances[3].rows[2].FOO: unknown " +
    "column`) or the line of a syntax error; 403 for non-admins and for a bundle naming " +
    "another customer than the caller's.",
  tags: ["console"],
  query: BundleImportQuery,
  body: Bundle,
  bodyType: "application/yaml",
  response: BundlePlan,
});

export const exportBundleOperation = defineOperation({
  method: "get",
  path: "/api/console/bundles/export",
  summary: "A project's bundle (YAML), or the whole customer's (admins)",
  description:
    "With `project` (a name): its release groups, patterns and the project with its folders, " +
    "tables and instances, as `metabuild export` writes them; users and agents are left out. " +
    "Needs `access` on the project (404 for an unknown one, 403 without access). Without " +
    "`project`: the whole customer, password and secret hashes included; admins only (403).",
  tags: ["console"],
  query: BundleExportQuery,
  responseType: "application/yaml",
});
