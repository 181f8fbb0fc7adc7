import { startDemoAgent } from "./support/demo-agent.ts";
import { demo } from "./support/demo.ts";
import { expect, serverUrl, test } from "./support/fixtures.ts";
import { signIn } from "./support/sign-in.ts";

let agent: { stop(): void } | undefined;

test.beforeAll(() => {
  agent = startDemoAgent(serverUrl());
});

test.afterAll(() => {
  agent?.stop();
});

test("deploys a finished build from the console and shows the agent's log live", async ({
  page,
}) => {
  await signIn(page, demo.admin.email, demo.admin.password);

  // The agent comes online on the agents page without reloading it.
  await page.getByRole("link", { name: "Agents" }).click();
  const agents = page.getByRole("table", { name: "Agents" });
  await expect(
    agents.getByRole("row", { name: /local-runner/ }).getByText("online", { exact: true }),
  ).toBeVisible({ timeout: 60_000 });

  // A build of every HUB instance of the project.
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Projects" })
    .click();
  await page
    .getByRole("table", { name: "Projects" })
    .getByRole("link", { name: demo.project })
    .click();
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Builds" })
    .click();
  await page.getByRole("button", { name: "Start build" }).click();
  const dialog = page.getByRole("dialog", { name: "Start a build" });
  await dialog.getByLabel("Pattern").selectOption("HUB");
  await dialog.getByLabel("Folder").fill("/erp/products");
  await dialog.getByLabel("Description").fill("hubs to deploy");
  await dialog.getByRole("button", { name: "Start build" }).click();
  await expect(page.getByRole("progressbar", { name: "Build progress" })).toHaveAttribute(
    "value",
    "100",
  );

  await page.getByRole("link", { name: "Deploy", exact: true }).click();
  const form = page.getByRole("form", { name: /^Deploy build \d+$/ });
  // Only the deployments of the patterns the build built are offered.
  await expect(form.getByLabel("Deployment").locator("option")).toHaveText([
    "to-folder (HUB)",
    "to-sqlite (HUB)",
  ]);
  await form.getByLabel("Deployment").selectOption({ label: "to-folder (HUB)" });
  await form.getByLabel("Agent").selectOption({ label: "local-runner (online)" });
  await form.getByRole("button", { name: "Start deployment" }).click();

  await expect(page.getByRole("heading", { name: /^Deployment run \d+$/ })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Status: succeeded" })).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.getByRole("log", { name: "Deployment log" })).not.toHaveText(
    "Waiting for the agent…",
  );

  // The agents page lists the run with its deployment, agent and status.
  const runId = page.url().match(/deployments\/(\d+)/)?.[1];
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Agents" })
    .click();
  const run = page
    .getByRole("table", { name: "Deployment runs" })
    .getByRole("row", { name: new RegExp(`Deployment run ${runId} `) });
  await expect(run).toContainText("to-folder (HUB)");
  await expect(run).toContainText("local-runner");
  await expect(run.getByText("succeeded", { exact: true })).toBeVisible();
});
