import { describe, expect, it } from "vitest";
import { suggestionsAt, variableReferences } from "./liquid-context.ts";

const shape = {
  columns: ["COLUMN_NAME"],
  roles: ["BUSINESS_KEY"],
  variables: ["SCHEMA", "PREFIX"],
  snippets: ["columns"],
};
const labels = (before: string) => suggestionsAt(before, shape)?.map((s) => s.label);

describe("template completion", () => {
  it("offers the render context inside a tag, fields after a dot", () => {
    expect(labels("{{ ")).toEqual([
      "instance",
      "rows",
      "roles",
      "vars",
      "pattern",
      "project",
      "build",
    ]);
    expect(labels("{{ instance.")).toContain("folder");
    expect(labels("{{ vars.")).toEqual(["SCHEMA", "PREFIX"]);
    expect(labels("{% for r in roles.")).toEqual(["BUSINESS_KEY"]);
    expect(labels("{% render '")).toEqual(["columns"]);
    expect(labels("plain text")).toBeUndefined();
  });
});

describe("variable references", () => {
  it("finds vars.NAME and vars['NAME'] with line and column, not longer names", () => {
    const files = [
      { id: "template:0", title: "a.sql", body: "x\n{{ vars.SCHEMA }}.{{ vars['SCHEMA'] }}" },
      { id: "snippet:0", title: "s", body: "{{ vars.SCHEMA_2 }} {{ vars.PREFIX }}" },
    ];
    expect(variableReferences(files, "SCHEMA")).toEqual([
      { file: "template:0", title: "a.sql", line: 2, column: 4 },
      { file: "template:0", title: "a.sql", line: 2, column: 22 },
    ]);
  });
});
