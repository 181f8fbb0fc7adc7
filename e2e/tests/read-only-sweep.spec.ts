import type { APIRequestContext, Page } from "@playwright/test";
import { apiSession, finishedBuild } from "./support/api.ts";
import { clickEveryControl, visit, watchNetwork } from "./support/control-sweep.ts";
import { demo } from "./support/demo.ts";
import { expect, test } from "./support/fixtures.ts";
import { signIn } from "./support/sign-in.ts";

const PASSWORD = "read-only-pass-1";
const shots = `${import.meta.dirname}/../screenshots`;

/**
 * A fresh user holding only `access` (View project) on the demo project, and
 * what the pages need: an instance, a pattern, a finished build (the admin's).
 */
async function seedReadOnly(request: APIRequestContext) {
  const { headers, byName } = await apiSession(request, demo.admin);
  const email = `read-only-${Date.now()}@demo.test`;
  const made = await request.post("/api/console/admin/users", {
    headers,
    data: { email, password: PASSWORD },
  });
  expect(made.status(), await made.text()).toBe(201);
  const user = (await made.json()) as { id: number };
  const project = await byName("/api/v1/projects", demo.project);
  const granted = await request.put("/api/console/admin/grants", {
    headers,
    data: { user_id: user.id, project_id: project.id, permission: "access", granted: true },
  });
  expect(granted.ok(), await granted.text()).toBe(true);
  const pattern = await byName("/api/v1/patterns", "HUB");
  const instances = await request.get("/api/v1/instances", {
    headers,
    params: { project: demo.project, pattern: "HUB" },
  });
  const instance = ((await instances.json()) as { id: number }[])[0] as { id: number };
  const buildId = await finishedBuild(request, headers);
  return { email, projectId: project.id, patternId: pattern.id, instanceId: instance.id, buildId };
}

/**
 * Opens `path` (or, given a tab's name, that tab of the page shown), waits
 * for it to show `ready`, then sweeps its controls and takes its picture.
 */
async function sweep(
  page: Page,
  net: ReturnType<typeof watchNetwork>,
  name: string,
  path: string | { tab: string },
  ready: (page: Page) => Promise<void>,
) {
  net.at(name);
  if (typeof path === "string") await visit(page, path);
  else await page.getByRole("tab", { name: path.tab }).click();
  await ready(page);
  await net.settled();
  await clickEveryControl(page, net, name);
  await ready(page);
  await page.screenshot({ path: `${shots}/read-only-${name}.png` });
}

const heading = (name: string | RegExp) => async (page: Page) => {
  await expect(page.getByRole("heading", { name, level: 1 }).first()).toBeVisible();
};

test("a read-only user meets no enabled control that the server refuses", async ({
  page,
  request,
}) => {
  // About a minute on an idle machine; generous for busy ones (docs/testing.md).
  test.setTimeout(300_000);
  const seed = await seedReadOnly(request);
  const p = `/projects/${seed.projectId}`;
  const net = watchNetwork(page);
  await signIn(page, seed.email, PASSWORD);

  await sweep(page, net, "projects", "/projects", heading("Projects"));
  await sweep(page, net, "instances", `${p}/instances`, heading("Instances"));
  // The folder tree's menu: every item enabled for this user, clicked.
  const folder = page
    .getByRole("tree", { name: "Folders" })
    .getByRole("treeitem", { name: "crm", exact: true });
  await folder.click({ button: "right" });
  const menu = page.getByRole("menu");
  await expect(menu).toBeVisible();
  await expect.soft(menu.getByRole("menuitem", { name: "Change in bulk…" })).toBeDisabled();
  await page.screenshot({ path: `${shots}/read-only-folder-menu.png` });
  for (const item of await menu.getByRole("menuitem").all()) {
    if (!(await item.isEnabled())) continue;
    net.at("folder menu", (await item.textContent()) ?? "");
    await item.click();
    await net.settled();
    if (await menu.isVisible()) await page.keyboard.press("Escape");
    await folder.click({ button: "right" });
  }
  await page.keyboard.press("Escape");

  const editor = `${p}/instances/${seed.instanceId}`;
  const editorReady = async (page: Page) => {
    await expect(page.getByText("Read-only:")).toBeVisible();
  };
  await sweep(page, net, "instance-editor", editor, editorReady);
  await expect.soft(page.getByRole("button", { name: "Copy…" })).toBeDisabled();
  await sweep(page, net, "instance-variables", { tab: "Variables" }, editorReady);
  await sweep(page, net, "instance-lineage", { tab: "Lineage" }, editorReady);
  await sweep(page, net, "instance-versions", { tab: "History" }, editorReady);
  await sweep(page, net, "cascade", `${p}/variables`, heading("Variable cascade"));
  await sweep(page, net, "builds", `${p}/builds`, heading("Builds"));
  await sweep(page, net, "build", `${p}/builds/${seed.buildId}`, heading(`Build ${seed.buildId}`));
  await sweep(page, net, "sql-editor", `${p}/sql`, heading("SQL"));
  await sweep(page, net, "generate", `${p}/sql/generate`, heading("Generate instances"));
  await sweep(page, net, "harvest", `${p}/harvest`, heading("Harvest"));
  await sweep(page, net, "patterns", "/patterns", heading("Patterns"));
  await sweep(page, net, "pattern", `/patterns/${seed.patternId}`, heading("HUB"));
  await sweep(page, net, "pattern-edit", `/patterns/${seed.patternId}/edit`, async (page) => {
    await expect(page.getByText("You may read patterns but not edit them")).toBeVisible();
  });
  await sweep(page, net, "agents", "/agents", heading("Agents"));
  await sweep(page, net, "deploy-build", `/agents?build=${seed.buildId}`, heading("Agents"));
  await sweep(
    page,
    net,
    "deployment-plan-new",
    `/deployment-plans/new?build=${seed.buildId}`,
    heading(`Deploy plan for build ${seed.buildId}`),
  );
  // Creating a token of one's own is allowed; revoking it too.
  await sweep(page, net, "tokens", "/tokens", heading("API tokens"));
  await sweep(page, net, "account", "/account", heading("Account"));
  await sweep(page, net, "admin", "/admin", heading("Administration"));
  await sweep(page, net, "audit", "/admin/audit", heading("Audit log"));
  await sweep(page, net, "bundles", "/bundles", heading("Import a bundle"));

  expect(net.refusals, "enabled controls (or pages) that the server refused with 403").toEqual([]);
});
