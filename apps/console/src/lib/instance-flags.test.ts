import { describe, expect, it } from "vitest";
import { labelList } from "./instance-flags.ts";

describe("labelList", () => {
  it("splits on commas and spaces, drops empties and repeats, keeps the order", () => {
    expect(labelList(" pii, finance  pii,,web ")).toEqual(["pii", "finance", "web"]);
    expect(labelList("   ")).toEqual([]);
  });
});
