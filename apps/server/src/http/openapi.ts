import { ErrorBody } from "@metabuild/contract";
import type { z } from "zod";
import { PACKAGE_VERSION } from "../infra/package-version.ts";
import { errorResponse, errorResponses } from "./openapi-errors.ts";
import { SchemaComponents } from "./openapi-schemas.ts";
import type { Operation, Rejection } from "./operation.ts";

type Json = Record<string, unknown>;

/** The server package's version, which the document carries as `info.version`. */
const VERSION = PACKAGE_VERSION;

const METHODS = ["get", "post", "put", "patch", "delete"] as const;
// One tag, listed last, keeps the 405-only operations out of the resources' sections.
/** A bearer token or the console's session cookie; `[]` marks a public operation. */
const SIGNED_IN = [{ bearer: [] }, { cookie: [] }];

/**
 * Examples of the query parameters that are objects or lists. Swagger UI's
 * "Try it out" pre-fills such a parameter with its example, else with a
 * sample made from the schema (`$sort[additionalProp1]=1`), which the server
 * refuses (docs/openapi.md). `id` sorts every list.
 */
const QUERY_EXAMPLES: Record<string, unknown> = {
  $sort: { id: "1" },
  releases: { core: "R1" },
  labels: ["reference"],
  ids: [1],
  build_id: 1,
};

/** Query and path parameters from an object schema. */
function parameters(
  schemas: SchemaComponents,
  s: z.ZodType | undefined,
  where: "query" | "path",
): Json[] {
  if (!s) return [];
  const json = schemas.resolve(schemas.convert(s, "input"));
  const props = (json.properties ?? {}) as Record<string, Json>;
  const required = new Set((json.required as string[] | undefined) ?? []);
  return Object.entries(props).map(([name, schema]) => {
    const shape = schemas.resolve(schema);
    const deep = shape.type === "object" || shape.type === "array" || "anyOf" in shape;
    return {
      name,
      in: where,
      required: where === "path" || required.has(name),
      schema,
      ...(deep && where === "query" ? { style: "deepObject", explode: true } : {}),
      ...(deep && where === "query" && name in QUERY_EXAMPLES
        ? { example: QUERY_EXAMPLES[name] }
        : {}),
    };
  });
}

const totalCountHeader = {
  "X-Total-Count": {
    description: "Number of matching entries before $skip and $limit",
    schema: { type: "integer", minimum: 0 },
  },
};

const isJsonBody = (op: Operation) =>
  op.body !== undefined && (op.bodyType ?? "application/json") === "application/json";

/**
 * The error statuses `op` answers: those its shape implies (docs/openapi.md)
 * and those it declares in `errors`.
 */
function errorStatuses(op: Operation): number[] {
  const statuses = new Set(op.errors ?? []);
  const input = op.query !== undefined || op.params !== undefined || op.body !== undefined;
  if (input) statuses.add(400).add(404);
  if (op.auth !== false) statuses.add(401).add(403);
  // Every JSON body is limited (METABUILD_BODY_MAX_BYTES) and must be sent as JSON (docs/http-edge.md).
  if (isJsonBody(op)) statuses.add(413).add(415);
  return [...statuses].sort((a, b) => a - b);
}

function operationId(method: string, path: string): string {
  return `${method}${path.replace(/[^a-zA-Z0-9]+(\w)?/g, (_, ch: string = "") => ch.toUpperCase())}`;
}

function describe(schemas: SchemaComponents, op: Operation): Json {
  const ok: Json = { description: "Success" };
  if (op.responseType)
    ok.content = { [op.responseType]: { schema: { type: "string", format: "binary" } } };
  else if (op.response) {
    const schema = schemas.convert(op.response, "output");
    ok.content = { "application/json": { schema } };
    // Lists answer a plain array; the unpaged count is in a header (docs/architecture.md).
    if (op.method === "get" && schemas.resolve(schema).type === "array")
      ok.headers = totalCountHeader;
  }
  const responses: Json = { [String(op.status ?? 200)]: ok };
  for (const [status, description] of Object.entries(op.alsoAnswers ?? {}))
    responses[status] = { ...ok, description };
  for (const status of errorStatuses(op)) responses[status] = errorResponse(status);
  const operation: Json = {
    summary: op.summary,
    tags: op.tags,
    operationId: operationId(op.method, op.path),
    parameters: [
      ...parameters(schemas, op.params, "path"),
      ...parameters(schemas, op.query, "query"),
    ],
    responses,
  };
  if (op.description) operation.description = op.description;
  operation.security = op.auth === false ? [] : SIGNED_IN;
  if (op.body) {
    const type = op.bodyType ?? "application/json";
    operation.requestBody = {
      required: true,
      content: { [type]: { schema: schemas.convert(op.body, "input") } },
    };
  }
  return operation;
}

/** Whether a Hono path (`/a/:id`) matches a documented one (`/a/{id}` or `/a/b`). */
function matches(rejected: string, documented: string): boolean {
  const r = rejected.split("/");
  const d = documented.split("/");
  return r.length === d.length && r.every((seg, i) => seg === d[i] || seg.startsWith(":"));
}

/**
 * The methods of a documented path that answer 405 (the API's "Unimplemented
 * operations"), as the path item's `x-methods-not-allowed`. They are not
 * operations of their own: Swagger UI stops rendering the reference when a
 * few dozen such 405-only operations are added (docs/openapi.md).
 */
function notAllowed(ops: Operation[], rejections: readonly Rejection[]): Json {
  const honoPath = ops[0].path;
  const methods = new Set(
    rejections
      .filter((r) => matches(r.path, honoPath))
      .flatMap((r) => r.methods.map((m) => m.toLowerCase())),
  );
  const refused = METHODS.filter((m) => methods.has(m) && !ops.some((op) => op.method === m));
  return refused.length > 0 ? { "x-methods-not-allowed": refused } : {};
}

/** The OpenAPI 3.1 document of every defined operation (docs/openapi.md). */
export function buildOpenApi(
  ops: readonly Operation[],
  rejections: readonly Rejection[] = [],
): Json {
  const schemas = new SchemaComponents();
  schemas.convert(ErrorBody, "output");
  const byPath = new Map<string, Operation[]>();
  for (const op of ops) {
    const path = op.path.replace(/:(\w+)/g, "{$1}");
    byPath.set(path, [...(byPath.get(path) ?? []), op]);
  }
  const paths: Record<string, Json> = {};
  for (const [path, pathOps] of byPath) {
    paths[path] = {
      ...Object.fromEntries(pathOps.map((op) => [op.method, describe(schemas, op)])),
      ...notAllowed(pathOps, rejections),
    };
  }
  const doc: Json = {
    openapi: "3.1.0",
    info: {
      title: "metabuild",
      version: VERSION,
      description:
        "Metadata build service: projects, patterns, instances, builds, downloads, agents.",
    },
    servers: [{ url: "/" }],
    tags: [...new Set(ops.flatMap((op) => op.tags))].map((name) => ({ name })),
    paths,
  };
  doc.components = {
    schemas: schemas.components(paths),
    responses: errorResponses(),
    securitySchemes: {
      bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" },
      cookie: { type: "apiKey", in: "cookie", name: "metabuild_session" },
    },
  };
  return doc;
}
