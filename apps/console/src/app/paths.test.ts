import { describe, expect, it } from "vitest";
import { paths } from "./paths.ts";

describe("the console's page URLs", () => {
  it("fill a route's ids and add its query", () => {
    expect(paths.instance(1, 22, "tab=lineage")).toBe("/projects/1/instances/22?tab=lineage");
    expect(paths.instances(3, { folder: "/web sessions", skip: undefined })).toBe(
      "/projects/3/instances?folder=%2Fweb+sessions",
    );
    expect(paths.newDeploymentPlan({ build: 7 })).toBe("/deployment-plans/new?build=7");
    expect(paths.projectPage(4, "builds")).toBe("/projects/4/builds");
  });
});
