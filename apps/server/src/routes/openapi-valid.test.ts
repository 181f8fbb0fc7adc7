import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SwaggerParser from "@apidevtools/swagger-parser";
import openapiTS, { astToString } from "openapi-typescript";
import ts from "typescript";
import { beforeAll, describe, expect, it } from "vitest";
import { createHarness, seedBasic } from "../testing/harness.ts";

type Json = Record<string, unknown>;
type Response_ = { description: string; content?: Record<string, { example?: unknown }> };
type Operation = { responses: Record<string, Response_ | { $ref: string }>; requestBody?: Json };
type Doc = {
  info: { version: string };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas?: Record<string, Json>; responses?: Record<string, Response_> };
};

const METHODS = ["get", "post", "put", "patch", "delete"] as const;

let doc: Doc;
let h: ReturnType<typeof createHarness>;
beforeAll(async () => {
  h = createHarness();
  await seedBasic(h.db);
  const res = await h.app.request("/api/v1/openapi.json");
  expect(res.status).toBe(200);
  doc = (await res.json()) as Doc;
});

/** The response object of `status`, following a `$ref` into components.responses. */
function response(op: Operation, status: string): Response_ | undefined {
  const r = op.responses[status];
  if (!r || !("$ref" in r)) return r;
  return doc.components.responses?.[r.$ref.replace("#/components/responses/", "")];
}

function operations(): [string, string, Operation][] {
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops)
      .filter(([key]) => !key.startsWith("x-"))
      .map(([method, op]) => [path, method, op] as [string, string, Operation]),
  );
}

describe("the OpenAPI document", () => {
  it("is valid for swagger-parser", async () => {
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
  });

  it("keeps shared schemas in components.schemas, with no $defs", () => {
    const text = JSON.stringify(doc);
    expect(text.includes('"$defs"'), "a $defs is left in the document").toBe(false);
    const refs = [...text.matchAll(/"\$ref":"([^"]+)"/g)].map((m) => m[1]);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) {
      const [, kind, name] = /^#\/components\/(schemas|responses)\/(.+)$/.exec(ref) ?? [];
      expect(kind, ref).toBeDefined();
      expect(doc.components[kind as "schemas"]?.[name], ref).toBeDefined();
    }
    expect(doc.components.schemas).toHaveProperty("Error");
    expect(doc.components.schemas).toHaveProperty("Project");
  });

  it("gives the server package's version", () => {
    const pkg = JSON.parse(readFileSync(join(import.meta.dirname, "../../package.json"), "utf8"));
    expect(pkg.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(doc.info.version).toBe(pkg.version);
  });

  it("turns into a TypeScript client that compiles", async () => {
    const source = astToString(await openapiTS(structuredClone(doc) as never));
    const dir = mkdtempSync(join(tmpdir(), "metabuild-openapi-"));
    try {
      const file = join(dir, "api.ts");
      writeFileSync(file, source);
      const program = ts.createProgram([file], {
        strict: true,
        noEmit: true,
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.ESNext,
        lib: ["lib.es2022.d.ts"],
        types: [],
      });
      const problems = ts
        .getPreEmitDiagnostics(program)
        .map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
      expect(problems).toEqual([]);
      expect(source).toContain('"/api/v1/projects"');
      expect(source).toMatch(/Project: \{/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // Type-checking the generated client takes seconds on a busy machine; no bound is asserted.
  }, 60_000);

  it("gives every error answer an example body of the Feathers error shape", () => {
    for (const [path, method, op] of operations()) {
      for (const status of Object.keys(op.responses).filter((s) => Number(s) >= 400)) {
        // A readiness 503 answers the success shape, not an error body.
        if (path === "/health/ready" && status === "503") continue;
        const example = response(op, status)?.content?.["application/json"]?.example as Json;
        expect(example, `${method} ${path} ${status}`).toMatchObject({
          name: expect.any(String),
          message: expect.any(String),
          code: Number(status),
          className: expect.any(String),
        });
      }
    }
  });

  it("lists 413 and 415 on every operation with a JSON body", () => {
    const withJson = operations().filter(
      ([, , op]) => (op.requestBody?.content as Json | undefined)?.["application/json"],
    );
    expect(withJson.length).toBeGreaterThan(10);
    for (const [path, method, op] of withJson) {
      expect(Object.keys(op.responses), `${method} ${path}`).toEqual(
        expect.arrayContaining(["413", "415"]),
      );
    }
  });

  it("lists 401 on every operation but sign-in and health, 429 and 409 where they happen", () => {
    const publicOps = [
      "post /authentication",
      "get /health",
      "get /health/ready",
      "get /api/agents/ws",
      "get /authentication/methods",
      "get /authentication/oidc/start",
      "get /authentication/oidc/callback",
    ];
    for (const [path, method, op] of operations()) {
      if (publicOps.includes(`${method} ${path}`) || path === "/authentication") continue;
      expect(Object.keys(op.responses), `${method} ${path}`).toContain("401");
    }
    const statuses = (path: string, method: string) =>
      Object.keys(doc.paths[path]?.[method]?.responses ?? {});
    expect(statuses("/authentication", "post")).toEqual(expect.arrayContaining(["401", "429"]));
    expect(statuses("/api/v1/metadata", "post")).toContain("429");
    expect(statuses("/health/ready", "get")).toEqual(["200", "503"]);
    expect(statuses("/api/console/metadata/run", "post")).toContain("429");
    for (const [method, path] of [
      ["patch", "/api/console/instances/{id}"],
      ["put", "/api/console/instances/{id}/rows"],
      ["post", "/api/console/instances/{id}/checkin"],
      ["post", "/api/console/instances/{id}/versions/{version}/restore"],
    ])
      expect(statuses(path, method), `${method} ${path}`).toContain("409");
  });

  it("names the methods that answer 405 on each path, exactly where the server answers it", async () => {
    const token = await h.token("admin@acme.test");
    const mismatches: string[] = [];
    for (const [path, item] of Object.entries(doc.paths)) {
      if (path === "/api/agents/ws") continue;
      const url = path.replace(/\{\w+\}/g, "1");
      const refused = (item as Json)["x-methods-not-allowed"] as string[] | undefined;
      for (const method of METHODS) {
        if (item[method]) continue; // a real operation, not probed
        const documented = refused?.includes(method) ?? false;
        const res = await h.call(url, token, { method: method.toUpperCase() });
        if ((res.status === 405) !== documented)
          mismatches.push(
            `${method} ${path}: answers ${res.status}, documented 405: ${documented}`,
          );
      }
    }
    expect(mismatches).toEqual([]);
  });
});
