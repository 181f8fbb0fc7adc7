import { resolve } from "node:path";
import { apiSession } from "./support/api.ts";
import { startDemoAgent } from "./support/demo-agent.ts";
import { demo } from "./support/demo.ts";
import { expect, serverUrl, test } from "./support/fixtures.ts";
import { signIn } from "./support/sign-in.ts";

const root = resolve(import.meta.dirname, "../..");

let agent: { stop(): void } | undefined;

test.beforeAll(() => {
  // demo/agent.yaml names the source `erp`: the ERP file the demo start created
  // (docs/harvesting.md "The demo source"). A harvest only reads it.
  agent = startDemoAgent(serverUrl(), resolve(root, "demo/agent.yaml"));
});

test.afterAll(() => {
  agent?.stop();
});

test("harvests the demo ERP source through the demo agent, showing its log live", async ({
  page,
  request,
}) => {
  await signIn(page, demo.admin.email, demo.admin.password);
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
    .getByRole("link", { name: "Harvest" })
    .click();
  await expect(page.getByRole("heading", { name: "Harvest", level: 1 })).toBeVisible();

  // The agent announces its sources when it signs in; the page lists it once it is online.
  const form = page.getByRole("form", { name: "Start a harvest" });
  await expect(async () => {
    await page.reload();
    await expect(form.getByLabel("Agent").locator("option")).toHaveText(["local-runner"], {
      timeout: 2_000,
    });
  }).toPass({ timeout: 60_000 });
  await expect(form.getByLabel("Source")).toHaveValue("erp");
  await form.getByRole("button", { name: "Start harvest" }).click();

  const run = page.getByRole("region", { name: /^Harvest run \d+$/ });
  await expect(run.getByRole("status").filter({ hasText: "Status: succeeded" })).toBeVisible({
    timeout: 60_000,
  });
  const log = run.getByRole("log", { name: "Harvest log" });
  await expect(log).toContainText("Harvesting source 'erp' (SQLite");
  await expect(log).toContainText("Read 12 tables");
  await expect(log).toContainText("Replaced @TABLES.ERP_TABLES (12 rows)");

  // The tables it brought, with their column counts.
  const tables = run.getByRole("table", { name: "Harvested tables" });
  await expect(tables.getByRole("row", { name: /order_lines/ })).toContainText("5");
  await expect(tables.getByRole("row")).toHaveCount(13);
  // The run with its log and the tables (the page scrolls inside its shell: shoot the region).
  await run.screenshot({
    path: `${import.meta.dirname}/../screenshots/harvest--demo-erp-harvested.png`,
  });

  // The demo's saved script reads the demo's view over the harvest: its plan (a dry run,
  // nothing written) makes one STG instance per ERP table (docs/harvesting.md "The demo source").
  const { headers } = await apiSession(request, demo.admin);
  const tree = await request.get("/api/console/metadata/scripts", {
    headers,
    params: { project: demo.project },
  });
  const scripts = ((await tree.json()) as { scripts: { id: number; name: string }[] }).scripts;
  const script = scripts.find((s) => s.name === "generate-staging");
  expect(script, "the demo's generate-staging script").toBeDefined();
  const opened = await request.get(`/api/console/metadata/scripts/${script?.id}`, { headers });
  const { body } = (await opened.json()) as { body: string };
  const planned = await request.post("/api/v1/metadata", {
    headers,
    data: { project: demo.project, statement: body, dry_run: true },
  });
  const plan = (await planned.json()) as { status: string; error?: string; plan?: object };
  expect(plan.status, plan.error).toBe("FINISHED");
  expect(plan.plan).toMatchObject({ create: 12, change: 0 });

  // A schedule for the same source, listed and deleted again.
  const schedule = page.getByRole("form", { name: "Add a schedule" });
  await schedule.getByLabel("Cron").fill("15 3 * * 1-5");
  await schedule.getByRole("button", { name: "Add schedule" }).click();
  const schedules = page.getByRole("table", { name: "Harvest schedules" });
  await expect(schedules.getByRole("row", { name: /15 3 \* \* 1-5/ })).toContainText("erp");
  await schedules.getByRole("button", { name: "Delete schedule 15 3 * * 1-5 of erp" }).click();
  await expect(page.getByText("No schedules yet.")).toBeVisible();
});
