import { describe, expect, it } from "vitest";
import { buildRequest, readInstanceIds } from "./build-request.ts";

const form = {
  projectId: 3,
  instanceIds: [],
  pattern: "HUB",
  folder: "/erp",
  labels: "",
  description: "",
  releases: "",
};

describe("buildRequest", () => {
  it("builds selected instances by id", () => {
    expect(buildRequest({ ...form, instanceIds: [4, 7] })).toEqual({
      project_id: 3,
      instances: [{ id: 4 }, { id: 7 }],
    });
  });

  it("builds a wildcard per pattern and folder with labels, releases and a description", () => {
    expect(
      buildRequest({
        ...form,
        labels: "pii, core",
        releases: "core=R1, extra = R2",
        description: " nightly ",
      }),
    ).toEqual({
      project_id: 3,
      instances: [{ pattern: "HUB", name: "*", folder: "/erp", labels: ["pii", "core"] }],
      releases: { core: "R1", extra: "R2" },
      description: "nightly",
    });
  });
});

describe("buildRequest's wildcard filters", () => {
  it("forwards the yes/no filters that are set, and deleted-only with restore", () => {
    expect(
      buildRequest({
        ...form,
        flags: { checked_out: false, edit_disabled: true },
        deletedRestored: true,
      }),
    ).toEqual({
      project_id: 3,
      instances: [
        {
          pattern: "HUB",
          name: "*",
          folder: "/erp",
          checked_out: false,
          edit_disabled: true,
          deleted: true,
        },
      ],
      restore: true,
    });
  });
});

describe("readInstanceIds", () => {
  it("keeps positive integer ids from the URL and drops the rest", () => {
    expect(readInstanceIds("1,x,3,-2,0")).toEqual([1, 3]);
    expect(readInstanceIds(null)).toEqual([]);
  });
});

describe("building a folder with its subfolders", () => {
  it("makes one wildcard entry per pattern, every name, below the folder", () => {
    const body = buildRequest({
      projectId: 3,
      instanceIds: [],
      pattern: "",
      allPatterns: ["HUB", "SAT"],
      folder: "/erp",
      subfolders: true,
      labels: "",
      description: "",
      releases: "",
    });
    expect(body.instances).toEqual([
      { pattern: "HUB", name: "*", folder: "/erp", subfolders: true },
      { pattern: "SAT", name: "*", folder: "/erp", subfolders: true },
    ]);
  });
});

describe("a build request through the lineage graph", () => {
  it("carries upstream and downstream on every entry", () => {
    const base = {
      projectId: 1,
      pattern: "HUB",
      folder: "/",
      labels: "",
      description: "",
      releases: "",
    };
    expect(buildRequest({ ...base, instanceIds: [7], upstream: true }).instances).toEqual([
      { id: 7, upstream: true },
    ]);
    expect(
      buildRequest({ ...base, instanceIds: [], downstream: true, upstream: true }).instances,
    ).toEqual([{ pattern: "HUB", name: "*", folder: "/", upstream: true, downstream: true }]);
  });
});
