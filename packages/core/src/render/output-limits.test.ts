import { describe, expect, it } from "vitest";
import type { InstanceInput, RenderProgram } from "./context.ts";
import { RenderError } from "./engine.ts";
import { CompiledCache, renderChunk } from "./renderer.ts";

/** docs/limits.md "Rendered output": counted while LiquidJS renders, per file and per chunk. */

const limits = { fileBytes: 1000, totalBytes: 2500 };

function program(body: string, partials: RenderProgram["templates"] = []): RenderProgram {
  return {
    key: `k:${body}`,
    project: { id: 1, name: "DWH" },
    pattern: { id: 7, name: "HUB", type: "SQLITE", vers_no: "1" },
    build: { id: 1, description: null },
    header: ["@POS_NO"],
    roles: [],
    templates: [...partials, { path: "{{ instance.name }}.sql", body }],
    outputLimits: limits,
  };
}

const inputs: InstanceInput[] = Array.from({ length: 5 }, (_, i) => ({
  id: i + 1,
  name: `I${i + 1}`,
  folder: "/f",
  release: null,
  labels: [],
  description: null,
  version: 1,
  rowsJson: "[]",
  vars: {},
}));

function failure(p: RenderProgram, chunk = inputs.slice(0, 1)) {
  try {
    renderChunk(new CompiledCache(), p, chunk);
  } catch (err) {
    if (err instanceof RenderError) return err.failure;
    throw err;
  }
  throw new Error("expected a RenderError");
}

const sizes = (p: RenderProgram, chunk = inputs.slice(0, 1)) =>
  renderChunk(new CompiledCache(), p, chunk).flatMap((r) => r.files.map((f) => f.size));

describe("rendered output limits", () => {
  it("renders a file of exactly the limit, and captures and assigns up to it", () => {
    expect(sizes(program("{% for i in (1..100) %}0123456789{% endfor %}"))).toEqual([1000]);
    expect(
      sizes(
        program(
          "{% capture s %}{% for i in (1..100) %}0123456789{% endfor %}{% endcapture %}{% assign t = s | slice: 0, 10 %}{{ t }}",
        ),
      ),
    ).toEqual([10]);
  });

  it("stops a capture, an assign, a partial's output at the limit, naming the line", () => {
    const capture = failure(
      program("x\n{% capture s %}{% for i in (1..101) %}0123456789{% endfor %}{% endcapture %}"),
    );
    expect(capture).toMatchObject({
      template: "{{ instance.name }}.sql",
      instance: { id: 1, name: "I1", folder: "/f" },
      line: 2,
      reason: "rendered text exceeds the limit of 1000 bytes per file",
      limit: "file",
    });
    const assign = failure(
      program(
        '{% assign s = "0123456789" %}{% for i in (1..7) %}{% assign s = s | append: s %}{% endfor %}',
      ),
    );
    expect(assign).toMatchObject({ line: 1, limit: "file" });
    const partial = failure(
      program("{% render '_big.liquid' %}", [
        { path: "_big.liquid", body: "{% for i in (1..200) %}0123456789{% endfor %}" },
      ]),
    );
    expect(partial).toMatchObject({ template: "{{ instance.name }}.sql", limit: "file" });
  });

  it("counts a file's bytes in UTF-8", () => {
    expect(failure(program("{% for i in (1..40) %}€€€€€€€€€€{% endfor %}"))).toMatchObject({
      line: null,
      limit: "file",
    });
  });

  it("stops a chunk whose files together pass the total, naming the instance that did", () => {
    const p = program("{% for i in (1..90) %}0123456789{% endfor %}");
    expect(sizes(p, inputs.slice(0, 2))).toEqual([900, 900]);
    expect(failure(p, inputs)).toEqual({
      pattern: "HUB",
      template: "{{ instance.name }}.sql",
      instance: { id: 3, name: "I3", folder: "/f" },
      line: null,
      reason: "rendered files exceed the limit of 2500 bytes in all",
      limit: "total",
    });
  });

  it("keeps other template errors apart from the limits", () => {
    expect(failure(program("{{ 'x' | nope }}")).limit).toBeUndefined();
  });
});
