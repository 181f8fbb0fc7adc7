import type { DeploymentPlan } from "@metabuild/contract";
import { seedBuild } from "./deployments-fixture.ts";
import type { DeploymentRunsApp } from "./deployment-runs.ts";

/** POST /api/console/deployment_plans. */
export function postPlan(h: DeploymentRunsApp["h"], token: string, body: object) {
  return h.call("/api/console/deployment_plans", token, {
    method: "POST",
    body: JSON.stringify(body),
  });
}

/** GET /api/console/deployment_plans/:id, the plan as the API shows it. */
export async function getPlan(
  h: DeploymentRunsApp["h"],
  token: string,
  id: number,
): Promise<DeploymentPlan> {
  return (await (
    await h.call(`/api/console/deployment_plans/${id}`, token)
  ).json()) as DeploymentPlan;
}

/** A FINISHED build of HUB and SAT in DWH, started by ann. */
export function seedTwoPatternBuild(app: Pick<DeploymentRunsApp, "h" | "seed" | "p">) {
  const { h, seed, p } = app;
  return seedBuild(h.db, h.files, {
    customerId: seed.acme.id,
    projectId: seed.dwh.id,
    userId: seed.ann.id,
    patterns: [p.hub, p.sat],
  });
}

/** The three steps the tests use: HUB to-folder, HUB to-db, SAT to-folder. */
export const THREE_STEPS = [
  { pattern: "HUB", deployment: "to-folder" },
  { pattern: "HUB", deployment: "to-db" },
  { pattern: "SAT", deployment: "to-folder" },
];
