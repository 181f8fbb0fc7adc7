import { inflateRawSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import type { InstanceInput, RenderProgram } from "./context.ts";
import { CompiledPattern, RenderError } from "./engine.ts";
import { renderPreview } from "./preview.ts";
import { InlineRenderer } from "./renderer.ts";
import { checkSnippetName } from "./snippets.ts";

function program(
  templates: RenderProgram["templates"],
  snippets: RenderProgram["snippets"] = [],
): RenderProgram {
  return {
    key: `snippets:${Math.random()}`,
    project: { id: 1, name: "DWH" },
    pattern: { id: 7, name: "HUB", type: "SQLITE", vers_no: "1" },
    build: { id: 3, description: null },
    header: ["@POS_NO", "COLUMN_NAME"],
    roles: [],
    templates,
    snippets,
  };
}

const input: InstanceInput = {
  id: 11,
  name: "CUSTOMER",
  folder: "/sales",
  release: null,
  labels: [],
  description: null,
  version: 1,
  rowsJson: JSON.stringify([[1, { COLUMN_NAME: "ID" }]]),
  vars: { SCHEMA: "crm" },
};

const text = (f: { method: number; data: Uint8Array }) =>
  (f.method === 8 ? inflateRawSync(f.data) : Buffer.from(f.data)).toString("utf8");

function renderError(p: RenderProgram): RenderError {
  try {
    new CompiledPattern(p).render(input);
  } catch (err) {
    if (err instanceof RenderError) return err;
    throw err;
  }
  throw new Error("expected a RenderError");
}

describe("snippets: happy path", () => {
  it("renders a snippet with the render context, from any template", () => {
    const files = new CompiledPattern(
      program(
        [
          { path: "a.sql", body: "A {% render 'qualified' %}" },
          { path: "b.sql", body: "B {% render 'qualified' %}" },
        ],
        [{ name: "qualified", body: "{{ vars.SCHEMA }}.{{ instance.name }}" }],
      ),
    ).render(input);
    expect(files.map((f) => [f.path, text(f)])).toEqual([
      ["a.sql", "A crm.CUSTOMER"],
      ["b.sql", "B crm.CUSTOMER"],
    ]);
  });

  it("takes arguments like LiquidJS render, and include works too", () => {
    const files = new CompiledPattern(
      program(
        [{ path: "a.sql", body: "{% render 'col', c: 'X' %}|{% include 'col' %}" }],
        [{ name: "col", body: "[{{ c }}]" }],
      ),
    ).render(input);
    expect(text(files[0] as never)).toBe("[X]|[]");
  });
});

describe("snippets: the file system stays out of reach", () => {
  for (const name of ["../../etc/passwd", "/etc/passwd", "constructor", "__proto__", "missing"])
    it(`{% render '${name}' %} fails cleanly with a render error`, () => {
      const err = renderError(
        program(
          [{ path: "a.sql", body: `x\n{% render '${name}' %}` }],
          [{ name: "ok", body: "fine" }],
        ),
      );
      expect(err.failure.template).toBe("a.sql");
      expect(err.failure.line).toBe(2);
      expect(err.failure.reason).not.toMatch(/root:/);
    });

  it("refuses snippet names that are paths, empty or too long", () => {
    for (const bad of ["", "../x", "/etc/passwd", "a/b", "_partial", "a b", "x".repeat(201)])
      expect(() => checkSnippetName(bad, 200), bad).toThrow(/Invalid value for 'name'/);
    expect(checkSnippetName("sql.columns-list_2", 200)).toBe("sql.columns-list_2");
  });
});

describe("preview", () => {
  it("answers every template's file and every error with line and column", async () => {
    const result = await renderPreview(
      new InlineRenderer(),
      program(
        [
          { path: "{{ instance.name }}.sql", body: "SELECT 1 FROM {% render 'q' %}" },
          { path: "bad.sql", body: "ok\n  {{ instance.name | nosuchfilter }}" },
          { path: "broken.sql", body: "{% if %}" },
        ],
        [{ name: "q", body: "{{ vars.SCHEMA }}.t" }],
      ),
      input,
    );
    expect(result.files).toEqual([{ path: "CUSTOMER.sql", content: "SELECT 1 FROM crm.t" }]);
    expect(result.errors).toEqual([
      expect.objectContaining({ template: "bad.sql", line: 2, column: 3 }),
      expect.objectContaining({ template: "broken.sql", line: 1, column: 6 }),
    ]);
    expect(result.errors[0]?.message).toMatch(/nosuchfilter/);
  });
});
