import { apiSession } from "./support/api.ts";
import { startDemoAgent } from "./support/demo-agent.ts";
import { demo } from "./support/demo.ts";
import { expect, serverUrl, test } from "./support/fixtures.ts";
import { signIn } from "./support/sign-in.ts";

/** The top folders of the demo project (demo/demo.yaml). */
const DEMO_FOLDERS = ["/crm", "/erp", "/web"];

let agent: { stop(): void } | undefined;
test.beforeAll(() => {
  agent = startDemoAgent(serverUrl());
});
test.afterAll(() => {
  agent?.stop();
});

// A graph-ordered plan (docs/lineage.md "Deployment plans"): the demo's hubs
// read their staging instances, links and satellites their hubs, so steps
// given in any order run STG → HUB → LNK → SAT, and the loads succeed.
test("a graph-ordered deployment plan of the demo runs STG, HUB, LNK, SAT and succeeds", async ({
  page,
  request,
}) => {
  const { headers } = await apiSession(request, demo.admin);
  const built = await request.post("/api/v1/builds", {
    headers,
    data: {
      project: demo.project,
      wait: true,
      description: "graph-ordered plan",
      // The demo's own folders: other specs add instances elsewhere in DWH.
      instances: ["SAT", "LNK", "HUB", "STG"].flatMap((pattern) =>
        DEMO_FOLDERS.map((folder) => ({ pattern, folder, name: "*", subfolders: true })),
      ),
    },
  });
  expect(built.status(), await built.text()).toBe(201);
  const buildId = ((await built.json()) as { build: { id: number } }).build.id;
  // The agent started in beforeAll may still be connecting: a plan needs it online.
  await expect
    .poll(
      async () =>
        (await (
          await request.get("/api/v1/agents?group=local&online=true", { headers })
        ).json()) as unknown[],
      { timeout: 60_000 },
    )
    .not.toHaveLength(0);
  const planned = await request.post("/api/console/deployment_plans", {
    headers,
    data: {
      build_id: buildId,
      agent_group: "local",
      order: "graph",
      // Hubs and staging last on purpose: the graph puts STG, then HUB, before LNK and
      // SAT (they reference hubs); LNK and SAT, unordered by the graph, keep their order.
      steps: ["LNK", "SAT", "HUB", "STG"].map((pattern) => ({ pattern, deployment: "to-sqlite" })),
    },
  });
  expect(planned.status(), await planned.text()).toBe(201);
  const planId = ((await planned.json()) as { id: number }).id;

  await signIn(page, demo.admin.email, demo.admin.password);
  await page.goto(`/deployment-plans/${planId}`);
  await expect(page.getByRole("heading", { name: `Deployment plan ${planId}` })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Plan: succeeded" })).toBeVisible({
    timeout: 90_000,
  });
  const runs = page.getByRole("list", { name: "Steps" });
  for (const [i, pattern] of ["STG", "HUB", "LNK", "SAT"].entries()) {
    const step = runs.getByRole("listitem", { name: `Step ${i + 1}: ${pattern} to-sqlite` });
    await expect(step.getByText("succeeded", { exact: true })).toBeVisible();
  }
  await page.screenshot({
    path: `${import.meta.dirname}/../screenshots/lineage-plan--graph-order.png`,
    fullPage: true,
  });
});
