import { type InstanceState, NO_FLAGS } from "@metabuild/core";
import { describe, expect, it } from "vitest";
import { AUDIT_CELLS_MAX, instanceAction, instanceChange } from "./audit-diff.ts";

const state = (over: Partial<InstanceState> = {}): InstanceState => ({
  rows: [
    { COLUMN_NAME: "ID", DATA_TYPE: "INT" },
    { COLUMN_NAME: "NAME", DATA_TYPE: "TEXT" },
  ],
  description: null,
  release_id: null,
  labels: [],
  flags: NO_FLAGS,
  ...over,
});

describe("instance change in the audit log", () => {
  it("lists only the changed cells by row and column", () => {
    const after = state({
      rows: [
        { COLUMN_NAME: "ID", DATA_TYPE: "BIGINT" },
        { COLUMN_NAME: "NAME", DATA_TYPE: "TEXT" },
      ],
    });
    expect(instanceChange(state(), after)).toEqual({
      before: { "row 1 DATA_TYPE": "INT" },
      after: { "row 1 DATA_TYPE": "BIGINT" },
    });
  });

  it("counts rows added or removed and keeps a large change compact", () => {
    const many = Array.from({ length: 100 }, (_, i) => ({ COLUMN_NAME: `C${i}`, DATA_TYPE: "X" }));
    const change = instanceChange(state(), state({ rows: many }));
    expect(change.before.rows).toBe(2);
    expect(change.after.rows).toBe(100);
    const cells = Object.keys(change.after).filter((k) => k.startsWith("row "));
    expect(cells).toHaveLength(AUDIT_CELLS_MAX);
    // 200 cells differ: both of each of the 100 rows.
    expect(change.after.more_cells_changed).toBe(200 - AUDIT_CELLS_MAX);
  });

  it("names flags, labels, description and release that changed, and the delete", () => {
    const after = state({
      flags: { ...NO_FLAGS, deleted: true },
      labels: ["pii"],
      description: "d",
      release_id: 3,
    });
    expect(instanceChange(state(), after)).toEqual({
      before: { deleted: false, labels: [], description: null, release_id: null },
      after: { deleted: true, labels: ["pii"], description: "d", release_id: 3 },
    });
    expect(instanceAction(state(), after)).toBe("instance.delete");
    expect(instanceAction(after, state())).toBe("instance.undelete");
    expect(instanceAction(state(), state({ description: "x" }))).toBe("instance.update");
  });
});
