import { Bundle, BundleImportQuery, BundlePlan } from "@metabuild/contract";
import { BadRequest, UnsupportedMediaType } from "@metabuild/core";
import type { Context } from "hono";
import { parseBundleOffThread } from "../../../services/bundle/parse-off-thread.ts";
import { defineOperation } from "../../../http/operation.ts";

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

const JSON_TYPE = /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i;
const YAML_TYPE = /^(?:application|text)\/(?:x-)?yaml\s*(?:;|$)/i;

/**
 * Reads the bundle of the request. The types are those the CLI's files
 * have; none of them can be sent by a cross-site form without a preflight
 * (docs/http-edge.md), and a request without a type is read as JSON.
 */
export async function readBundleBody(c: Context): Promise<Bundle> {
  const type = (c.req.header("content-type") ?? "").trim();
  const yaml = YAML_TYPE.test(type);
  if (type !== "" && !yaml && !JSON_TYPE.test(type))
    throw new UnsupportedMediaType(
      `A bundle must be sent as 'Content-Type: application/yaml', 'text/yaml' or 'application/json', not '${type}'`,
    );
  const text = await c.req.text();
  if (text.trim() === "") throw new BadRequest("The request body is empty: send a bundle");
  const maxItems = c.var.services.deps.config.bundleMaxItems;
  const maxDepth = c.get("jsonMaxDepth");
  return parseBundleOffThread(text, yaml ? "bundle.yaml" : "bundle.json", { maxItems, maxDepth });
}
