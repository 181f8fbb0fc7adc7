import { describe, expect, it } from "vitest";
import { bundleMediaType } from "./bundle-format.ts";

describe("bundleMediaType", () => {
  it("follows the file name when there is one", () => {
    expect(bundleMediaType("version: 1", "acme.JSON")).toBe("application/json");
    expect(bundleMediaType('{"version": 1}', "acme.yaml")).toBe("application/yaml");
  });

  it("reads pasted text starting with a brace as JSON, anything else as YAML", () => {
    expect(bundleMediaType('  \n{"version": 1}')).toBe("application/json");
    expect(bundleMediaType("version: 1\ncustomer: Acme")).toBe("application/yaml");
  });
});
