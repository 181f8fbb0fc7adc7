import { describe, expect, it } from "vitest";
import { grantsOfGroups, parseGroupGrants } from "./group-grants.ts";

const NAME = "METABUILD_OIDC_GROUP_GRANTS";

describe("group mapping", () => {
  it("parses project and customer entries", () => {
    expect(
      parseGroupGrants(" dwh-devs=DWH:write_instances,write_builds; leads=develop_patterns;", NAME),
    ).toEqual([
      { group: "dwh-devs", project: "DWH", permissions: ["write_instances", "write_builds"] },
      { group: "leads", project: null, permissions: ["develop_patterns"] },
    ]);
    expect(parseGroupGrants("", NAME)).toEqual([]);
  });

  it("refuses malformed entries naming the setting and the entry", () => {
    expect(() => parseGroupGrants("dwh-devs", NAME)).toThrow(`${NAME}: 'dwh-devs' must be`);
    expect(() => parseGroupGrants("a=DWH", NAME)).toThrow("must name a project");
    expect(() => parseGroupGrants("a=DWH:admin", NAME)).toThrow("names permissions access");
  });

  it("gives the union of the member's groups, access included, and names every mapped project", () => {
    const mapping = parseGroupGrants(
      "devs=DWH:write_instances;ops=DWH:write_builds;ops=MART:read_builds;leads=develop_patterns",
      NAME,
    );
    const g = grantsOfGroups(mapping, ["devs", "ops"]);
    expect([...(g.projects.get("DWH") ?? [])].sort()).toEqual([
      "access",
      "write_builds",
      "write_instances",
    ]);
    expect([...(g.projects.get("MART") ?? [])].sort()).toEqual(["access", "read_builds"]);
    expect(g.developPatterns).toEqual({ mapped: true, granted: false });
    const none = grantsOfGroups(mapping, []);
    expect(none.projects.get("DWH")?.size).toBe(0);
  });
});
