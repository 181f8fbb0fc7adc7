import type { APIRequestContext } from "@playwright/test";
import { demo } from "./support/demo.ts";
import { expect, test } from "./support/fixtures.ts";
import { apiSession } from "./support/api.ts";
import { signIn } from "./support/sign-in.ts";

/** A folder with two HUB instances: one copied from a valid demo HUB, one empty (invalid). */
async function seedFolder(request: APIRequestContext) {
  const { headers, byName } = await apiSession(request, demo.dev);
  const first = async (path: string, params: Record<string, string>) => {
    const found = await request.get(path, { headers, params });
    return ((await found.json()) as { id: number }[])[0] as { id: number };
  };
  const project = await byName("/api/v1/projects", demo.project);
  const pattern = await byName("/api/v1/patterns", "HUB");
  const valid = await first("/api/v1/instances", { project: demo.project, pattern: "HUB" });
  const folder = `/e2e_left_out_${Date.now()}`;
  const copied = await request.post(`/api/console/instances/${valid.id}/copy`, {
    headers,
    data: { folder, name: "GOOD_HUB" },
  });
  expect(copied.status(), await copied.text()).toBe(201);
  const empty = await request.post("/api/console/instances", {
    headers,
    data: { project_id: project.id, pattern_id: pattern.id, folder, name: "EMPTY_HUB" },
  });
  expect(empty.status(), await empty.text()).toBe(201);
  const emptyId = ((await empty.json()) as { instance_id: number }).instance_id;
  const build = await request.post("/api/v1/builds", {
    headers,
    data: { project: demo.project, wait: true, instances: [{ pattern: "HUB", folder, name: "*" }] },
  });
  expect(build.status(), await build.text()).toBe(201);
  const buildId = ((await build.json()) as { build: { id: number } }).build.id;
  return { projectId: project.id, buildId, emptyId };
}

test("the build page names the instances left out, and re-runs the same selection", async ({
  page,
  request,
}) => {
  const { projectId, buildId, emptyId } = await seedFolder(request);
  await signIn(page, demo.dev.email, demo.dev.password);
  await page.goto(`/projects/${projectId}/builds/${buildId}`);
  const panel = page.getByRole("region", { name: "Instances of this build" });
  await expect(panel).toContainText("1 instance(s) built, 1 left out");
  const leftOut = panel.getByRole("list", { name: "Left out instances" });
  await expect(leftOut).toContainText("EMPTY_HUB");
  await expect(leftOut).toContainText("invalid (has validation errors)");
  await expect(panel.getByRole("list", { name: "Built instances" })).toContainText("GOOD_HUB");
  await page.screenshot({
    path: `${import.meta.dirname}/../screenshots/build-page--left-out.png`,
  });

  await page.getByRole("button", { name: "Re-run" }).click();
  await expect(page).not.toHaveURL(new RegExp(`/builds/${buildId}$`));
  await expect(page).toHaveURL(/\/builds\/\d+$/);
  await expect(page.getByRole("region", { name: "Instances of this build" })).toContainText(
    "1 instance(s) built",
  );

  await page.goto(`/projects/${projectId}/builds/${buildId}`);
  await leftOut.getByRole("link", { name: /EMPTY_HUB/ }).click();
  await expect(page).toHaveURL(new RegExp(`/instances/${emptyId}$`));
});

test("the Files tab finds a file among many by part of its path", async ({ page, request }) => {
  const { projectId, buildId } = await seedFolder(request);
  await signIn(page, demo.dev.email, demo.dev.password);
  await page.goto(`/projects/${projectId}/builds/${buildId}?tab=files`);
  const tree = page.getByRole("tree", { name: "Files" });
  await expect(tree.getByRole("treeitem").first()).toBeVisible();
  await page.getByLabel("Find files").fill("GOOD_HUB");
  const match = tree.getByRole("treeitem", { name: /good_hub\.sql$/i }).first();
  await expect(match).toBeVisible();
  await match.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/[?&]file=/);
});

test("the builds list filters by status, who and day, and shows durations", async ({
  page,
  request,
}) => {
  const { projectId, buildId } = await seedFolder(request);
  await signIn(page, demo.dev.email, demo.dev.password);
  await page.goto(`/projects/${projectId}/builds`);
  const table = page.getByRole("table", { name: "Builds" });
  await expect(table.getByRole("columnheader", { name: "Duration" })).toBeVisible();
  const filters = page.getByRole("form", { name: "Filter builds" });
  await filters.getByLabel("Status").selectOption("FAILED");
  await expect(page).toHaveURL(/[?&]status=FAILED/);
  await expect(table.getByRole("link", { name: `Build ${buildId}`, exact: true })).toHaveCount(0);
  await filters.getByLabel("Status").selectOption("FINISHED");
  await filters.getByLabel("Mine").check();
  await expect(table.getByRole("link", { name: `Build ${buildId}`, exact: true })).toBeVisible();
  await filters.getByLabel("To").fill("2000-01-01");
  await expect(page.getByText("No builds match these filters.")).toBeVisible();
});
