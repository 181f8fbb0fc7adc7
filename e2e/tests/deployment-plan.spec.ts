import type { APIRequestContext } from "@playwright/test";
import { apiSession } from "./support/api.ts";
import { startDemoAgent } from "./support/demo-agent.ts";
import { demo } from "./support/demo.ts";
import { serverUrl } from "./support/fixtures.ts";
import { expect, test } from "./support/scale-project.ts";
import { signIn } from "./support/sign-in.ts";

const PATTERNS = ["STG", "HUB", "LNK", "SAT"];
/** The top folders of the demo project (demo/demo.yaml). */
const DEMO_FOLDERS = ["/crm", "/erp", "/web"];

let agent: { stop(): void } | undefined;

test.beforeAll(() => {
  agent = startDemoAgent(serverUrl());
});

test.afterAll(() => {
  agent?.stop();
});

/** A finished build of every instance of `patterns` in the demo project, through the API. */
async function seedBuild(request: APIRequestContext, patterns: string[]) {
  const { headers, byName } = await apiSession(request, demo.admin);
  const project = await byName("/api/v1/projects", demo.project);
  const res = await request.post("/api/v1/builds", {
    headers,
    data: {
      project: demo.project,
      wait: true,
      description: `plan of ${patterns.join(", ")}`,
      // The demo's own folders: other specs add instances elsewhere in DWH that would
      // not load (e.g. a copied hub without its SOURCE_TABLE).
      instances: patterns.flatMap((pattern) =>
        DEMO_FOLDERS.map((folder) => ({ pattern, folder, name: "*", subfolders: true })),
      ),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const build = ((await res.json()) as { build: { id: number; status: string } }).build;
  expect(build.status).toBe("FINISHED");
  return { projectId: project.id, buildId: build.id, headers };
}

test("an offline group or agent is shown but cannot be picked", async ({ page, request }) => {
  const { buildId, headers } = await seedBuild(request, ["HUB"]);
  // A group whose one agent never connects, added through the bundle API.
  const bundle = await request.post("/api/console/bundles", {
    headers: { ...headers, "Content-Type": "application/yaml" },
    data: `version: 1
customer: Demo Retail
agent_groups:
  - name: offline-site
    description: A site whose agent is switched off
    agents:
      - { name: offline-runner, secret: offline-runner-secret }
`,
  });
  expect(bundle.status(), await bundle.text()).toBe(200);

  await signIn(page, demo.admin.email, demo.admin.password);
  await page.goto(`/deployment-plans/new?build=${buildId}`);
  const form = page.getByRole("form", { name: `Deploy plan for build ${buildId}` });
  const offlineGroup = form.getByRole("radio", { name: /^Group offline-site/ });
  await expect(offlineGroup).toBeDisabled();
  // The reason shows on hover (the label's title) and to screen readers.
  await expect(form.getByTitle("No agent of the group 'offline-site' is online")).toContainText(
    "Group offline-site",
  );
  const offlineAgent = form.getByRole("radio", { name: /^Agent offline-runner/ });
  await expect(offlineAgent).toBeDisabled();
  await expect(form.getByTitle("The agent 'offline-runner' is offline")).toContainText(
    "Agent offline-runner",
  );
  // The online group is picked instead.
  await expect(form.getByRole("radio", { name: /^Group local/ })).toBeChecked({
    timeout: 60_000,
  });
});

test("a four-pattern plan runs STG, HUB, LNK, SAT in order through a group", async ({
  page,
  request,
}) => {
  const { projectId, buildId } = await seedBuild(request, PATTERNS);
  await signIn(page, demo.admin.email, demo.admin.password);
  await page.goto(`/projects/${projectId}/builds/${buildId}`);
  await page.getByRole("link", { name: "Deploy plan…" }).click();

  const form = page.getByRole("form", { name: `Deploy plan for build ${buildId}` });
  await expect(form.getByRole("radio", { name: /^Group local/ })).toBeChecked({
    timeout: 60_000,
  });
  // The default: the build's patterns in the demo's order, each with its database load.
  const steps = form.getByRole("listitem", { name: /^Step \d$/ });
  await expect(steps).toHaveCount(4);
  const stepPatterns = async () =>
    Promise.all(
      [1, 2, 3, 4].map((n) =>
        form
          .getByRole("listitem", { name: `Step ${n}` })
          .getByLabel("Pattern")
          .inputValue(),
      ),
    );
  expect(await stepPatterns()).toEqual(PATTERNS);
  for (const n of [1, 2, 3, 4])
    await expect(
      form.getByRole("listitem", { name: `Step ${n}` }).getByLabel("Deployment"),
    ).toHaveValue("to-sqlite");
  // Steps can be reordered (and put back).
  await form.getByRole("button", { name: "Move step 2 down" }).click();
  expect(await stepPatterns()).toEqual(["STG", "LNK", "HUB", "SAT"]);
  await form.getByRole("button", { name: "Move step 3 up" }).click();
  expect(await stepPatterns()).toEqual(PATTERNS);
  await form.getByRole("button", { name: "Start plan" }).click();

  // One run with its steps; each step's log arrives live from the agent.
  await expect(page.getByRole("heading", { name: /^Deployment plan \d+$/ })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Plan: succeeded" })).toBeVisible({
    timeout: 90_000,
  });
  const runs = page.getByRole("list", { name: "Steps" });
  for (const [i, pattern] of PATTERNS.entries()) {
    const step = runs.getByRole("listitem", { name: `Step ${i + 1}: ${pattern} to-sqlite` });
    await expect(step.getByText("succeeded", { exact: true })).toBeVisible();
    const log = step.getByRole("log", { name: `Log of step ${i + 1}` });
    await expect(log).toContainText("Queued for agent 'local-runner'");
    await expect(log).not.toHaveText("Waiting for the agent…");
    await expect(step.getByRole("link", { name: /^Deployment run \d+$/ })).toBeVisible();
  }
  await page.screenshot({
    path: `${import.meta.dirname}/../screenshots/deployment-plan--steps-with-logs.png`,
    fullPage: true,
  });

  // The agents page lists the plan with its steps, live.
  const planId = page.url().match(/deployment-plans\/(\d+)/)?.[1];
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Agents" })
    .click();
  const row = page
    .getByRole("table", { name: "Deployment plans" })
    .getByRole("row", { name: new RegExp(`Deployment plan ${planId} `) });
  await expect(row).toContainText("STG to-sqlite → HUB to-sqlite → LNK to-sqlite → SAT to-sqlite");
  await expect(row.getByText("succeeded", { exact: true })).toBeVisible();
});

test("a four-pattern plan on the 5,000-instance project runs each step in order", async ({
  page,
  request,
  scaleProject,
}) => {
  const { headers } = await apiSession(request, demo.admin);
  // The generator makes STG, HUB and SAT per entity: one link joins them in this folder,
  // so the folder's build holds all four patterns.
  const folder = "/hr/org/current";
  const link = {
    pattern: "LNK",
    folder,
    name: "L_SCALE_PLAN",
    rows: [
      { COLUMN_NAME: "HK_L_SCALE_PLAN", DATA_TYPE: "TEXT", LINK_KEY: "X" },
      { COLUMN_NAME: "HK_A", DATA_TYPE: "TEXT", REFERENCED_HUB: "A", HUB_KEY: "X" },
      { COLUMN_NAME: "HK_B", DATA_TYPE: "TEXT", REFERENCED_HUB: "B", HUB_KEY: "X" },
    ],
  };
  const added = await request.post("/api/console/bundles", {
    headers: { ...headers, "Content-Type": "application/json" },
    data: JSON.stringify({
      version: 1,
      customer: "Demo Retail",
      projects: [{ name: scaleProject.name, instances: [link] }],
    }),
  });
  expect(added.status(), await added.text()).toBe(200);
  const built = await request.post("/api/v1/builds", {
    headers,
    data: {
      project: scaleProject.name,
      wait: true,
      description: "four-pattern plan at scale",
      instances: PATTERNS.map((pattern) => ({ pattern, folder, name: "*" })),
    },
  });
  expect(built.status(), await built.text()).toBe(201);
  const build = ((await built.json()) as { build: { id: number; status: string } }).build;
  expect(build.status).toBe("FINISHED");

  await signIn(page, demo.admin.email, demo.admin.password);
  await page.goto(`/projects/${scaleProject.id}/builds/${build.id}`);
  await page.getByRole("link", { name: "Deploy plan…" }).click();
  const form = page.getByRole("form", { name: `Deploy plan for build ${build.id}` });
  await expect(form.getByRole("radio", { name: /^Group local/ })).toBeChecked({
    timeout: 60_000,
  });
  await expect(form.getByRole("listitem", { name: /^Step \d$/ })).toHaveCount(4);
  // Generated rows load no real tables: each step unpacks its files into a folder.
  for (const [i, pattern] of PATTERNS.entries()) {
    const step = form.getByRole("listitem", { name: `Step ${i + 1}` });
    await expect(step.getByLabel("Pattern")).toHaveValue(pattern);
    await step.getByLabel("Deployment").selectOption("to-folder");
  }
  await form.getByRole("button", { name: "Start plan" }).click();

  await expect(page.getByRole("status").filter({ hasText: "Plan: succeeded" })).toBeVisible({
    timeout: 90_000,
  });
  const runs = page.getByRole("list", { name: "Steps" });
  for (const [i, pattern] of PATTERNS.entries()) {
    const step = runs.getByRole("listitem", { name: `Step ${i + 1}: ${pattern} to-folder` });
    await expect(step.getByText("succeeded", { exact: true })).toBeVisible();
    await expect(step.getByRole("log", { name: `Log of step ${i + 1}` })).toContainText(
      "Queued for agent 'local-runner'",
    );
  }
  await page.screenshot({
    path: `${import.meta.dirname}/../screenshots/deployment-plan--scale-project.png`,
    fullPage: true,
  });
});
