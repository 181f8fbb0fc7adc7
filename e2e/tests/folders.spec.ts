import { demo } from "./support/demo.ts";
import { expect, test } from "./support/fixtures.ts";
import { bearer } from "./support/api.ts";
import { signIn } from "./support/sign-in.ts";

// Folders and projects from the console (docs/folders-and-projects.md).

test("move a folder and find its instances at the new path", async ({ page, request }) => {
  const headers = await bearer(request, demo.dev);
  const one = async (path: string, name: string) => {
    const res = await request.get(path, { headers, params: { name } });
    return ((await res.json()) as { id: number }[])[0] as { id: number };
  };
  const project = await one("/api/v1/projects", demo.project);
  const pattern = await one("/api/v1/patterns", "HUB");
  const stamp = Date.now();
  const moving = `e2e_move_${stamp}`;
  const target = `e2e_target_${stamp}`;
  const ids: number[] = [];
  for (const [folder, name] of [
    [`/${moving}`, "FOLD_TOP"],
    [`/${moving}/inner`, "FOLD_INNER"],
  ]) {
    const created = await request.post("/api/console/instances", {
      headers,
      data: { project_id: project.id, pattern_id: pattern.id, folder, name },
    });
    expect(created.status(), await created.text()).toBe(201);
    ids.push(((await created.json()) as { instance_id: number }).instance_id);
  }

  await signIn(page, demo.dev.email, demo.dev.password);
  await page.goto(`/projects/${project.id}/instances`);
  const tree = page.getByRole("tree", { name: "Folders" });
  const actions = page.getByRole("toolbar", { name: "Folder actions" });

  // A new, empty folder at the root: it shows in the tree at once.
  await actions.getByRole("button", { name: "New folder" }).click();
  const create = page.getByRole("dialog", { name: "New folder" });
  await create.getByLabel("Name").fill(target);
  await create.getByRole("button", { name: "Create" }).click();
  await expect(tree.getByRole("treeitem", { name: target, exact: true })).toHaveAttribute(
    "aria-selected",
    "true",
  );

  // Move the seeded folder into it.
  await tree.getByRole("treeitem", { name: moving, exact: true }).click();
  await actions.getByRole("button", { name: "Move" }).click();
  const move = page.getByRole("dialog", { name: "Move folder" });
  await move.getByLabel("Move into").selectOption(`/${target}`);
  await move.getByRole("button", { name: "Move" }).click();
  await expect(move).toHaveCount(0);

  const moved = `/${target}/${moving}`;
  await expect(page).toHaveURL(new RegExp(`[?&]folder=${encodeURIComponent(moved)}(&|$)`));
  const grid = page.getByRole("grid", { name: "Instances" });
  // A parent folder shows its subtree by default (issue 14); this folder alone:
  await page
    .getByRole("region", { name: "This folder" })
    .getByRole("checkbox", { name: "Include subfolders" })
    .uncheck();
  await expect(grid.locator('[role="gridcell"][col-id="name"]')).toHaveText(["FOLD_TOP"]);
  await expect(grid.locator('[role="gridcell"][col-id="folder"]')).toHaveText([moved]);
  await tree.getByRole("treeitem", { name: "inner", exact: true }).click();
  await expect(grid.locator('[role="gridcell"][col-id="name"]')).toHaveText(["FOLD_INNER"]);
  await expect(grid.locator('[role="gridcell"][col-id="folder"]')).toHaveText([`${moved}/inner`]);
  await expect(tree.getByRole("treeitem", { name: moving, exact: true })).toHaveAttribute(
    "title",
    moved,
  );

  // The move is a new version in each instance's history.
  const versions = await request.get(`/api/console/instances/${ids[1]}/versions`, { headers });
  const last = (
    (await versions.json()) as { data: { message: string | null; user: string }[] }
  ).data.at(-1);
  expect(last).toMatchObject({
    user: demo.dev.email,
    message: `Moved from '/${moving}/inner' to '${moved}/inner'`,
  });
});

test("an admin creates, renames and disables a project", async ({ page }) => {
  const name = `E2E_PROJECT_${Date.now()}`;
  await signIn(page, demo.admin.email, demo.admin.password);
  const table = page.getByRole("table", { name: "Projects" });

  await page.getByRole("button", { name: "New project" }).click();
  const create = page.getByRole("dialog", { name: "New project" });
  await create.getByLabel("Name").fill(name);
  await create.getByRole("button", { name: "Create" }).click();
  await expect(table.getByRole("link", { name, exact: true })).toBeVisible();

  await table.getByRole("button", { name: `Rename ${name}` }).click();
  const rename = page.getByRole("dialog", { name: `Rename project ${name}` });
  await rename.getByLabel("Name").fill(`${name}_RENAMED`);
  await rename.getByRole("button", { name: "Rename" }).click();
  await expect(table.getByRole("link", { name: `${name}_RENAMED`, exact: true })).toBeVisible();
  await expect(table.getByRole("link", { name, exact: true })).toHaveCount(0);

  // A taken name is refused with the server's message.
  await table.getByRole("button", { name: `Rename ${name}_RENAMED` }).click();
  const again = page.getByRole("dialog", { name: `Rename project ${name}_RENAMED` });
  await again.getByLabel("Name").fill(demo.project);
  await again.getByRole("button", { name: "Rename" }).click();
  await expect(again.getByRole("alert")).toContainText(
    `A project with the name '${demo.project}' already exists`,
  );
  await again.getByRole("button", { name: "Cancel" }).click();

  const row = table.getByRole("row").filter({ hasText: `${name}_RENAMED` });
  await row.getByRole("button", { name: `Disable ${name}_RENAMED` }).click();
  await expect(row).toContainText("disabled");
  await expect(row.getByRole("button", { name: `Enable ${name}_RENAMED` })).toBeVisible();
});
