import { describe, expect, it } from "vitest";
import { folderPathSegments, normalizeFolderPath } from "./folder-path.ts";

describe("folder paths", () => {
  it("normalises loosely typed paths", () => {
    expect(normalizeFolderPath("/")).toBe("/");
    expect(normalizeFolderPath("")).toBe("/");
    expect(normalizeFolderPath("raw/crm/")).toBe("/raw/crm");
    expect(normalizeFolderPath("//raw//crm")).toBe("/raw/crm");
  });

  it("splits a path into its segments", () => {
    expect(folderPathSegments("/raw/crm")).toEqual(["raw", "crm"]);
    expect(folderPathSegments("/")).toEqual([]);
  });
});
