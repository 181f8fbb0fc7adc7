import { inflateRawSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import type { InstanceInput, RenderProgram } from "./context.ts";
import { CompiledPattern, RenderError } from "./engine.ts";
import { normaliseRenderedPath } from "./paths.ts";

function program(templates: RenderProgram["templates"]): RenderProgram {
  return {
    key: "1:1",
    project: { id: 1, name: "DWH" },
    pattern: { id: 7, name: "HUB", type: "SQLITE", vers_no: "1.2" },
    build: { id: 3, description: "nightly" },
    header: ["@POS_NO", "COLUMN_NAME", "DATA_TYPE", "BUSINESS_KEY"],
    roles: ["BUSINESS_KEY"],
    templates,
  };
}

const customer: InstanceInput = {
  id: 11,
  name: "CUSTOMER",
  folder: "/sales",
  release: "R1",
  labels: ["pii"],
  description: "Customer hub",
  version: 4,
  rowsJson: JSON.stringify([
    [1, { COLUMN_NAME: "CUSTOMER_ID", DATA_TYPE: "INTEGER", BUSINESS_KEY: "X" }],
    [2, { COLUMN_NAME: "NAME", DATA_TYPE: "TEXT" }],
  ]),
  vars: { TARGET_SCHEMA: "crm" },
};

const text = (f: { method: number; data: Uint8Array }) =>
  (f.method === 8 ? inflateRawSync(f.data) : Buffer.from(f.data)).toString("utf8");

function failureOf(fn: () => unknown): RenderError {
  try {
    fn();
  } catch (err) {
    if (err instanceof RenderError) return err;
    throw err;
  }
  throw new Error("expected a RenderError");
}

describe("render engine: happy path", () => {
  it("renders path and body from the context of docs/reference/rules.md §6", () => {
    const compiled = new CompiledPattern(
      program([
        {
          path: "{{ instance.folder }}/{{ instance.name | downcase }}.sql",
          body: [
            "-- {{ project.name }} {{ pattern.name }} {{ pattern.vers_no }} {{ pattern.type }} build {{ build.id }} {{ build.description }}",
            "-- {{ instance.id }} v{{ instance.version }} {{ instance.release }} {{ instance.labels | join: ',' }} {{ instance.description }}",
            "CREATE TABLE {{ vars.TARGET_SCHEMA }}.{{ instance.name }} ({% for r in rows %}{{ r.COLUMN_NAME }} {{ r.DATA_TYPE }}@{{ r['@POS_NO'] }}{% unless forloop.last %}, {% endunless %}{% endfor %});",
            "KEY {% for r in roles.BUSINESS_KEY %}{{ r.COLUMN_NAME }}{% endfor %} {{ rows.size }}",
          ].join("\n"),
        },
      ]),
    );
    const [file] = compiled.render(customer);
    expect(file.path).toBe("sales/customer.sql");
    expect(text(file)).toBe(
      [
        "-- DWH HUB 1.2 SQLITE build 3 nightly",
        "-- 11 v4 R1 pii Customer hub",
        "CREATE TABLE crm.CUSTOMER (CUSTOMER_ID INTEGER@1, NAME TEXT@2);",
        "KEY CUSTOMER_ID 2",
      ].join("\n"),
    );
    expect(file.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(file.template).toBe("{{ instance.folder }}/{{ instance.name | downcase }}.sql");
  });

  it("serves partials from the pattern itself and does not emit them", () => {
    const compiled = new CompiledPattern(
      program([
        { path: "_header.liquid", body: "-- generated for {{ instance.name }}" },
        {
          path: "{{ instance.name }}.sql",
          body: "{% render '_header.liquid', instance: instance %}\nSELECT 1;",
        },
      ]),
    );
    const files = compiled.render(customer);
    expect(files.map((f) => f.path)).toEqual(["CUSTOMER.sql"]);
    expect(text(files[0])).toBe("-- generated for CUSTOMER\nSELECT 1;");
  });
});

describe("render engine: errors", () => {
  it("names pattern, template, instance and line of a render error", () => {
    const compiled = new CompiledPattern(
      program([{ path: "x.sql", body: "line one\nline two\n{% render '_missing.liquid' %}" }]),
    );
    const err = failureOf(() => compiled.render(customer));
    expect(err.message).toMatch(
      /^Template error in pattern 'HUB', template 'x.sql', instance '\/sales\/CUSTOMER' \(id 11\), line 3: .*Failed to lookup "_missing.liquid"/,
    );
    expect(err.failure.line).toBe(3);
  });

  it("fails an instance rendered with a template that does not parse, naming it and the line", () => {
    const compiled = new CompiledPattern(
      program([{ path: "x.sql", body: "ok\n{{ x | no_such_filter }}" }]),
    );
    const err = failureOf(() => compiled.render(customer));
    expect(err.message).toBe(
      "Template error in pattern 'HUB', template 'x.sql', instance '/sales/CUSTOMER' (id 11), line 2: undefined filter: no_such_filter",
    );
  });

  it("fails a path that is empty or leaves the archive", () => {
    for (const [path, reason] of [
      ["../{{ instance.name }}", "contains '..'"],
      ["{{ nothing }}", "the rendered path is empty"],
      ["a/../../b", "contains '..'"],
    ]) {
      const compiled = new CompiledPattern(program([{ path, body: "x" }]));
      expect(failureOf(() => compiled.render(customer)).message).toContain(reason);
    }
  });
});

describe("render engine: security", () => {
  it("cannot read the file system, even by an absolute or relative name", () => {
    for (const body of [
      "{% include '/etc/passwd' %}",
      "{% render '../../package.json' %}",
      "{% layout 'engine.ts' %}x",
    ]) {
      const compiled = new CompiledPattern(program([{ path: "x", body }]));
      const err = failureOf(() => compiled.render(customer));
      expect(err.message).toMatch(/Failed to lookup|ENOENT/);
      expect(err.message).not.toMatch(/root:|metabuild/);
    }
  });

  it("sees own properties only: no prototype, no constructor", () => {
    const compiled = new CompiledPattern(
      program([
        {
          path: "x",
          body: "[{{ vars.constructor }}][{{ rows.constructor.name }}][{{ instance.__proto__ }}][{{ vars.toString }}]",
        },
      ]),
    );
    expect(text(compiled.render(customer)[0])).toBe("[][][][]");
  });

  it("stops a runaway template with the render limits", () => {
    const compiled = new CompiledPattern(
      program([
        {
          path: "x",
          body: "{% for i in (1..100000000) %}{% assign s = s | append: 'xxxxxxxxxx' %}{% endfor %}",
        },
      ]),
    );
    expect(failureOf(() => compiled.render(customer)).message).toMatch(/limit exceeded/);
  });
});

describe("rendered paths", () => {
  it("drops a leading slash, dots and doubled separators", () => {
    expect(normaliseRenderedPath("/a//b/./c.sql\n")).toEqual({ ok: true, path: "a/b/c.sql" });
    expect(normaliseRenderedPath("a\\b.sql")).toEqual({ ok: true, path: "a/b.sql" });
    expect(normaliseRenderedPath("  ").ok).toBe(false);
    expect(normaliseRenderedPath("a/..").ok).toBe(false);
  });
});
