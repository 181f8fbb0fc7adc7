import type { Bundle } from "@metabuild/contract";
import { BadRequest, UnsupportedMediaType } from "@metabuild/core";
import type { Context } from "hono";
import { parseBundleOffThread } from "../../../services/bundle/parse-off-thread.ts";

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
