import {
  BadRequest,
  NUL_REFUSAL,
  UnsupportedMediaType,
  checkNesting,
  nulTextPath,
  printablePath,
} from "@metabuild/core";
import type { Context } from "hono";
import type { AppEnv } from "../app-env.ts";
import qs from "qs";
import type { z } from "zod";

/** Turns the first zod issue into a message that names the field. */
export function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "Invalid input";
  const field = issue.path.map(String).join(".") || "body";
  if (issue.code === "invalid_type" && /received undefined/.test(issue.message))
    return `'${field}' is required`;
  if (issue.code === "unrecognized_keys") {
    // A nested key is named by its full path (`instances.0.colour`), a top-level one as is.
    const prefix = issue.path.length > 0 ? `${field}.` : "";
    return `Unknown field '${issue.keys.map((k) => prefix + k).join("', '")}'`;
  }
  return `Invalid value for '${field}': ${issue.message}`;
}

/**
 * Checks `value` against `schema`; a 400 names the field. `keepsNul` lists
 * top-level fields whose NUL characters the service handles itself (a
 * metadata statement: docs/metadata-sql.md); NUL elsewhere is a 400.
 */
export function validate<S extends z.ZodType>(
  schema: S,
  value: unknown,
  keepsNul: readonly string[] = [],
): z.output<S> {
  const nul = nulTextPath(value, keepsNul);
  if (nul) {
    const field = printablePath(nul).join(".") || "body";
    throw new BadRequest(`Invalid value for '${field}': ${NUL_REFUSAL}`);
  }
  const result = schema.safeParse(value);
  if (!result.success) {
    const err = new BadRequest(describeIssue(result.error));
    err.data = result.error.issues.map((i) => ({ path: i.path.map(String), message: i.message }));
    throw err;
  }
  return result.data;
}

/** Parses the query string the way `qs` does: `a[]=1`, `a[0]=1`, `a=1&a=2`, `r[core]=R1`. */
export function rawQuery(c: Context): Record<string, unknown> {
  const url = c.req.url;
  const at = url.indexOf("?");
  if (at < 0) return {};
  return qs.parse(url.slice(at + 1), {
    depth: 3,
    arrayLimit: 1000,
    parameterLimit: 2000,
    allowDots: false,
  }) as Record<string, unknown>;
}

export function parseQuery<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  return validate(schema, rawQuery(c));
}

/** `application/json` and the `+json` types; parameters such as `charset` are allowed. */
const JSON_TYPE = /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i;

/**
 * A body of another declared type is refused unread with 415: a cross-site
 * form can send text/plain or urlencoded bodies without a preflight. A body
 * with no Content-Type is read as JSON (docs/http-edge.md).
 */
function requireJsonType(c: Context) {
  const type = c.req.header("content-type");
  if (type === undefined || type.trim() === "" || JSON_TYPE.test(type.trim())) return;
  if (c.req.header("content-length") === "0") return;
  throw new UnsupportedMediaType(
    `The request body must be sent as 'Content-Type: application/json', not '${type.trim()}'`,
  );
}

export async function parseJsonBody<S extends z.ZodType>(
  c: Context<AppEnv>,
  schema: S,
  keepsNul: readonly string[] = [],
): Promise<z.output<S>> {
  requireJsonType(c);
  let body: unknown;
  const text = await c.req.text();
  if (text.trim() === "") body = {};
  else {
    try {
      body = JSON.parse(text);
    } catch {
      throw new BadRequest("The request body is not valid JSON");
    }
  }
  if (body === null || typeof body !== "object" || Array.isArray(body))
    throw new BadRequest("The request body must be a JSON object");
  // Before any recursive reader (zod, the stores' JSON, the YAML writer) sees it.
  checkNesting(body, c.get("jsonMaxDepth"), "The request body");
  // A top-level null is a missing field: `{"statement": null}` answers docs/reference/endpoints.md's
  // "A statement is required!" like an absent one, not a type error.
  const present = Object.entries(body).filter(([, v]) => v !== null);
  return validate(schema, Object.fromEntries(present), keepsNul);
}
