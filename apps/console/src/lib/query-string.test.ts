import { describe, expect, it } from "vitest";
import { encodeQuery } from "./query-string.ts";

describe("encodeQuery", () => {
  it("writes arrays and objects in the bracket syntax the server parses", () => {
    const qs = encodeQuery({
      project_id: 3,
      labels: ["pii", "core"],
      releases: { core: "R1" },
      $sort: { name: -1 },
      invalid: false,
    });
    expect(decodeURIComponent(qs)).toBe(
      "project_id=3&labels[]=pii&labels[]=core&releases[core]=R1&$sort[name]=-1&invalid=false",
    );
  });

  it("leaves out empty values and escapes the rest", () => {
    expect(encodeQuery({ name: "", folder: undefined, pattern: null, q: "a&b /c" })).toBe(
      "q=a%26b+%2Fc",
    );
  });
});
