import { z } from "zod";
import { ErrorBody } from "@metabuild/contract";
import type { Operation } from "./operation.ts";

type Json = Record<string, unknown>;

function schemaOf(s: z.ZodType, io: "input" | "output"): Json {
  const json = z.toJSONSchema(s, { io, unrepresentable: "any", target: "draft-2020-12" }) as Json;
  delete json.$schema;
  return json;
}

/** Query and path parameters from an object schema. */
function parameters(s: z.ZodType | undefined, where: "query" | "path"): Json[] {
  if (!s) return [];
  const json = schemaOf(s, "input");
  const props = (json.properties ?? {}) as Record<string, Json>;
  const required = new Set((json.required as string[] | undefined) ?? []);
  return Object.entries(props).map(([name, schema]) => {
    const deep = schema.type === "object" || schema.type === "array" || "anyOf" in schema;
    return {
      name,
      in: where,
      required: where === "path" || required.has(name),
      schema,
      ...(deep && where === "query" ? { style: "deepObject", explode: true } : {}),
    };
  });
}

const totalCountHeader = {
  "X-Total-Count": {
    description: "Number of matching entries before $skip and $limit",
    schema: { type: "integer", minimum: 0 },
  },
};

const errorResponse = {
  content: { "application/json": { schema: schemaOf(ErrorBody, "output") } },
};

/** The OpenAPI 3.1 document of every defined operation (product.md §3). */
export function buildOpenApi(ops: readonly Operation[]): Json {
  const paths: Record<string, Record<string, Json>> = {};
  for (const op of ops) {
    const path = op.path.replace(/:(\w+)/g, "{$1}");
    const status = String(op.status ?? 200);
    const ok: Json = { description: "Success" };
    if (op.responseType)
      ok.content = { [op.responseType]: { schema: { type: "string", format: "binary" } } };
    else if (op.response) {
      const schema = schemaOf(op.response, "output");
      ok.content = { "application/json": { schema } };
      // Lists answer a plain array; the unpaged count is in a header (product.md §3).
      if (op.method === "get" && schema.type === "array") ok.headers = totalCountHeader;
    }
    const operation: Json = {
      summary: op.summary,
      tags: op.tags,
      operationId: `${op.method}${op.path.replace(/[^a-zA-Z0-9]+(\w)?/g, (_, ch: string = "") => ch.toUpperCase())}`,
      parameters: [...parameters(op.params, "path"), ...parameters(op.query, "query")],
      responses: {
        [status]: ok,
        "400": { description: "Bad request", ...errorResponse },
        ...(op.auth === false
          ? {}
          : { "401": { description: "Not authenticated", ...errorResponse } }),
        "403": { description: "Forbidden", ...errorResponse },
        "404": { description: "Not found", ...errorResponse },
      },
    };
    if (op.description) operation.description = op.description;
    if (op.auth !== false) operation.security = [{ bearer: [] }, { cookie: [] }];
    if (op.body) {
      const type = op.bodyType ?? "application/json";
      operation.requestBody = {
        required: true,
        content: { [type]: { schema: schemaOf(op.body, "input") } },
      };
    }
    paths[path] ??= {};
    paths[path][op.method] = operation;
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "metabuild",
      version: "1.0.0",
      description:
        "Metadata build service: projects, patterns, instances, builds, downloads, agents.",
    },
    servers: [{ url: "/" }],
    components: {
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" },
        cookie: { type: "apiKey", in: "cookie", name: "metabuild_session" },
      },
    },
    paths,
  };
}
