import { describe, expect, it } from "vitest";
import { instanceHeader, rowsByHeader } from "./instance-header.ts";

describe("instance header", () => {
  it("puts @POS_NO, then live properties by pos_no, then live roles by pos_no", () => {
    const header = instanceHeader(
      [
        { name: "TYPE", posNo: 2 },
        { name: "OLD", posNo: 0, deleted: 1 },
        { name: "COLUMN", posNo: 1 },
      ],
      [
        { name: "PK", posNo: 2 },
        { name: "BK", posNo: 1 },
        { name: "GONE", posNo: 0, deleted: true },
      ],
    );
    expect(header).toEqual(["@POS_NO", "COLUMN", "TYPE", "BK", "PK"]);
  });

  it("keys each row by exactly the header, in @POS_NO order", () => {
    const header = ["@POS_NO", "COLUMN", "BK"];
    const rows = rowsByHeader(header, [
      { posNo: 2, data: { COLUMN: "NAME", OLD: "x" } },
      { posNo: 1, data: { COLUMN: "ID", BK: "X" } },
    ]);
    expect(rows).toEqual([
      { "@POS_NO": 1, COLUMN: "ID", BK: "X" },
      { "@POS_NO": 2, COLUMN: "NAME", BK: null },
    ]);
  });
});
