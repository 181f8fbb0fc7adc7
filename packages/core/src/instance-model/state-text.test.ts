import { describe, expect, it } from "vitest";
import { sameTexts, stateText } from "./state-text.ts";
import type { InstanceState } from "./cells.ts";

const flags = {
  deleted: false,
  upload_disabled: true,
  insert_disabled: false,
  build_disabled: false,
  edit_disabled: false,
};

describe("stateText", () => {
  it("is exactly JSON.stringify of the state, rows included", () => {
    const state: InstanceState = {
      rows: [
        { A: 'x "quoted" \n é', B: null },
        { A: "\u0001", B: "2" },
      ],
      description: 'a "b"',
      release_id: 7,
      labels: ["l1", "l2"],
      flags,
    };
    const texts = state.rows.map((r) => JSON.stringify(r));
    expect(stateText(state, texts)).toBe(JSON.stringify(state));
  });

  it("holds for a state without rows or description", () => {
    const state: InstanceState = {
      rows: [],
      description: null,
      release_id: null,
      labels: [],
      flags,
    };
    expect(stateText(state, [])).toBe(JSON.stringify(state));
  });
});

describe("sameTexts", () => {
  it("compares length and every text in order", () => {
    expect(sameTexts(["a", "b"], ["a", "b"])).toBe(true);
    expect(sameTexts(["a", "b"], ["b", "a"])).toBe(false);
    expect(sameTexts(["a"], ["a", "b"])).toBe(false);
  });
});
