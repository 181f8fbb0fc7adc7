import { describe, expect, it } from "vitest";
import {
  instanceFilterQuery,
  isFiltered,
  readInstanceSearch,
  writeInstanceSearch,
} from "./instance-search.ts";

describe("instance search in the URL", () => {
  const link =
    "pattern=HUB&folder=%2Fsales%2Fcrm&labels=pii&labels=core&release=core%3AR1&invalid=true&deleted=false&sort=-name";

  it("reads every filter and the order from a link", () => {
    expect(readInstanceSearch(new URLSearchParams(link))).toEqual({
      pattern: "HUB",
      folder: "/sales/crm",
      name: undefined,
      labels: ["pii", "core"],
      releases: { core: "R1" },
      flags: { invalid: true, deleted: false },
      sort: { field: "name", desc: true },
    });
  });

  it("writes the same link back", () => {
    const search = readInstanceSearch(new URLSearchParams(link));
    expect(writeInstanceSearch(search).toString()).toBe(link);
  });

  it("ignores malformed values instead of failing", () => {
    const s = readInstanceSearch(new URLSearchParams("invalid=maybe&release=nogroup&pattern="));
    expect(s.flags).toEqual({});
    expect(s.releases).toEqual({});
    expect(s.pattern).toBeUndefined();
    expect(isFiltered(s)).toBe(false);
  });

  it("keeps a ':' inside a release name", () => {
    const s = readInstanceSearch(new URLSearchParams("release=core%3A2024%3AQ1"));
    expect(s.releases).toEqual({ core: "2024:Q1" });
  });

  it("turns a search into the API's filters for one project", () => {
    const search = readInstanceSearch(new URLSearchParams(link));
    expect(instanceFilterQuery(7, search)).toEqual({
      project_id: 7,
      pattern: "HUB",
      folder: "/sales/crm",
      name: undefined,
      labels: ["pii", "core"],
      releases: { core: "R1" },
      invalid: true,
      deleted: false,
    });
  });
});

describe("subtree toggle in the URL", () => {
  it("reads subfolders=1/0 and writes it back", () => {
    expect(readInstanceSearch(new URLSearchParams("folder=%2Ferp&subfolders=0")).subfolders).toBe(
      false,
    );
    const on = readInstanceSearch(new URLSearchParams("folder=%2Ferp&subfolders=1"));
    expect(on.subfolders).toBe(true);
    expect(writeInstanceSearch(on).toString()).toBe("folder=%2Ferp&subfolders=1");
  });

  it("includes subfolders by default for a parent folder, not for a leaf", () => {
    const s = readInstanceSearch(new URLSearchParams("folder=%2Ferp"));
    expect(instanceFilterQuery(7, s, true)).toMatchObject({ folder: "/erp", subfolders: true });
    expect(instanceFilterQuery(7, s, false).subfolders).toBeUndefined();
  });

  it("keeps an explicit choice over the default", () => {
    const s = readInstanceSearch(new URLSearchParams("folder=%2Ferp&subfolders=0"));
    expect(instanceFilterQuery(7, s, true).subfolders).toBeUndefined();
  });
});
