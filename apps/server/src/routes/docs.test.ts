import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { type Harness, createHarness, seedBasic } from "../testing/harness.ts";

let h: Harness;
beforeEach(() => {
  h = createHarness();
});

type Doc = { openapi: string; paths: Record<string, Record<string, Record<string, unknown>>> };
const doc = async () => (await (await h.app.request("/api/v1/openapi.json")).json()) as Doc;

describe("openapi document", () => {
  it("is OpenAPI 3.1 and served without a token", async () => {
    const res = await h.app.request("/api/v1/openapi.json");
    expect(res.status).toBe(200);
    expect((await doc()).openapi).toBe("3.1.0");
  });

  it("documents X-Total-Count on every list and $limit/$skip/$sort as its parameters", async () => {
    const { paths } = await doc();
    const lists = Object.entries(paths).filter(
      // A GET that only answers 405 (e.g. on /api/v1/metadata) is no list; nor is the lineage graph (an object).
      ([path, ops]) =>
        path.startsWith("/api/v1/") &&
        path !== "/api/v1/lineage" &&
        !path.endsWith("}") &&
        ops.get &&
        !(ops.get.responses as Record<string, unknown>)["405"],
    );
    expect(lists.map(([p]) => p)).toEqual(
      expect.arrayContaining(["/api/v1/projects", "/api/v1/patterns", "/api/v1/agents"]),
    );
    for (const [path, ops] of lists) {
      const op = ops.get as {
        parameters: { name: string }[];
        responses: Record<string, { headers?: Record<string, unknown> }>;
      };
      expect(op.responses["200"].headers, path).toHaveProperty("X-Total-Count");
      expect(
        op.parameters.map((p) => p.name),
        path,
      ).toEqual(expect.arrayContaining(["$limit", "$skip", "$sort"]));
    }
  });

  it("documents sign-in and sign-out", async () => {
    const { paths } = await doc();
    expect(Object.keys(paths["/authentication"])).toEqual(
      expect.arrayContaining(["post", "delete"]),
    );
  });
});

/** The query string Swagger UI's "Try it out" sends from the parameters' examples. */
function tryItOutQuery(params: { name: string; in: string; example?: unknown; style?: string }[]) {
  const q = new URLSearchParams();
  for (const p of params)
    if (p.in === "query" && p.example !== undefined) {
      if (p.style === "deepObject" && typeof p.example === "object" && p.example !== null)
        for (const [key, value] of Object.entries(p.example))
          q.append(`${p.name}[${key}]`, String(value));
      else q.append(p.name, String(p.example));
    }
  return q.toString();
}

describe("Swagger UI's Try it out", () => {
  it("gives every object query parameter an example, which Swagger UI pre-fills instead of additionalProp1", async () => {
    const { paths } = await doc();
    const missing = Object.entries(paths).flatMap(([path, ops]) =>
      Object.entries(ops).flatMap(([method, op]) =>
        ((op.parameters ?? []) as { name: string; in: string; style?: string; example?: unknown }[])
          .filter((p) => p.in === "query" && p.style === "deepObject" && p.example === undefined)
          .map((p) => `${method.toUpperCase()} ${path} ${p.name}`),
      ),
    );
    expect(missing).toEqual([]);
  });

  it("GET /api/v1/projects with the parameters' examples answers 200", async () => {
    const { admin } = await seedBasic(h.db);
    const { paths } = await doc();
    const op = paths["/api/v1/projects"]?.get as { parameters: [] };
    const query = tryItOutQuery(op.parameters);
    expect(query).toContain("%24sort");
    const res = await h.call(`/api/v1/projects?${query}`, await h.token(admin.email));
    expect(res.status, await res.clone().text()).toBe(200);
  });
});

describe("docs/reference/endpoints.md", () => {
  it("lists every harvest, lineage and deployment-plan operation of the document", async () => {
    const reference = readFileSync(
      join(import.meta.dirname, "../../../../docs/reference/endpoints.md"),
      "utf8",
    );
    const { paths } = await doc();
    const operations = Object.entries(paths)
      .filter(([path]) => /^\/api\/(v1\/harvest|v1\/lineage|console\/deployment_plans)/.test(path))
      .flatMap(([path, ops]) =>
        Object.entries(ops)
          .filter(([method]) => ["get", "post", "put", "patch", "delete"].includes(method))
          .filter(([, op]) => !(op.responses as Record<string, unknown>)["405"])
          .map(([method]) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ":$1")}`),
      );
    expect(operations.length).toBeGreaterThanOrEqual(10);
    expect(operations.filter((op) => !reference.includes(`\`${op}\``))).toEqual([]);
  });
});
