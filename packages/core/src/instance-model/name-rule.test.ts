import { describe, expect, it } from "vitest";
import { checkNamePattern, checkNewInstanceName, nameRuleBreach } from "./name-rule.ts";

describe("instance name rule", () => {
  it("takes SQL identifiers by default and refuses spaces, leading digits and over 128 characters", () => {
    expect(nameRuleBreach("HUB_ORDER", null)).toBeUndefined();
    expect(nameRuleBreach("_x1", null)).toBeUndefined();
    expect(nameRuleBreach("order line test", null)).toContain("must match");
    expect(nameRuleBreach("1ORDER", null)).toContain("must match");
    expect(nameRuleBreach("A".repeat(128), null)).toBeUndefined();
    expect(nameRuleBreach("A".repeat(129), null)).toBe(
      "must be at most 128 characters (it has 129)",
    );
  });

  it("follows a pattern's own rule instead", () => {
    expect(nameRuleBreach("order-line", "^[a-z-]+$")).toBeUndefined();
    expect(nameRuleBreach("ORDER", "^[a-z-]+$")).toBe("must match the pattern's rule ^[a-z-]+$");
  });

  it("refuses a new name with a 400 naming 'name' and the rule", () => {
    expect(() => checkNewInstanceName("order line test", null)).toThrow(
      /^Invalid value for 'name': 'order line test' must match \^\[A-Za-z_\]/,
    );
    expect(() => checkNewInstanceName("a b", null, "INSTANCE", "Row 2 of sheet 'S'")).toThrow(
      /^Row 2 of sheet 'S': Invalid value for 'INSTANCE'/,
    );
  });

  it("refuses an invalid regular expression naming the field; blank is the default", () => {
    expect(() => checkNamePattern("^[a-")).toThrow(/^Invalid value for 'instance_name_pattern'/);
    expect(checkNamePattern("  ")).toBeNull();
    expect(checkNamePattern(null)).toBeNull();
    expect(checkNamePattern(" ^a$ ")).toBe("^a$");
  });
});
