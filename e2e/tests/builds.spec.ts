import type { Page } from "@playwright/test";
import { demo } from "./support/demo.ts";
import { expect, test } from "./support/fixtures.ts";
import { signIn } from "./support/sign-in.ts";

async function openInstances(page: Page) {
  await signIn(page, demo.admin.email, demo.admin.password);
  await page
    .getByRole("table", { name: "Projects" })
    .getByRole("link", { name: demo.project })
    .click();
  await expect(page.getByRole("heading", { name: "Instances" })).toBeVisible();
}

/** Checks the first `n` rows of the instances grid and starts a build of them. */
async function buildSelection(page: Page, n: number, description: string) {
  const grid = page.getByRole("grid", { name: "Instances" });
  const boxes = grid.getByRole("checkbox");
  await expect(boxes.first()).toBeVisible();
  for (let i = 0; i < n; i++) await boxes.nth(i).check();
  await page.getByRole("link", { name: `Build selected (${n})` }).click();
  const dialog = page.getByRole("dialog", { name: "Start a build" });
  await expect(dialog.getByText(`${n} selected instance${n === 1 ? "" : "s"}`)).toBeVisible();
  await dialog.getByLabel("Description").fill(description);
  await dialog.getByRole("button", { name: "Start build" }).click();
  await expect(page.getByRole("heading", { name: /^Build \d+$/ })).toBeVisible();
}

async function waitFinished(page: Page) {
  await expect(page.getByRole("progressbar", { name: "Build progress" })).toHaveAttribute(
    "value",
    "100",
  );
  await expect(page.getByLabel("Progress").getByText("finished", { exact: true })).toBeVisible();
}

test("builds a selection of instances and shows its progress reach 100 % live", async ({
  page,
}) => {
  await openInstances(page);
  await buildSelection(page, 2, "two from the grid");
  await waitFinished(page);
  await expect(page).toHaveURL(/\/projects\/\d+\/builds\/\d+$/);

  // The list shows it too, finished, with the description.
  await page.getByRole("link", { name: "All builds" }).click();
  const row = page.getByRole("table", { name: "Builds" }).getByRole("row", {
    name: /two from the grid/,
  });
  await expect(row.getByText("finished", { exact: true })).toBeVisible();
  await expect(row.getByRole("progressbar")).toHaveAttribute("value", "100");
});

test("downloads a finished build's archive and browses its files", async ({ page }) => {
  await openInstances(page);
  await buildSelection(page, 1, "one to download");
  await waitFinished(page);

  const link = page.getByRole("link", { name: /^Download / }).first();
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toMatch(/\.zip$/);
  expect((await download.failure()) ?? null).toBeNull();

  // Each archive's link can be copied to share it.
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await page
    .getByRole("button", { name: /^Copy link to .+\.zip$/ })
    .first()
    .click();
  await expect(page.getByRole("status").filter({ hasText: /^Link to .+ copied\.$/ })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(
    /^http:\/\/[^/]+\/api\/v1\/downloads\/\d+$/,
  );

  await page.getByRole("tab", { name: "Files" }).click();
  // The files are a searchable tree: a search opens the folders leading to matches.
  await page.getByLabel("Find files").fill(".");
  const files = page.getByRole("tree", { name: "Files" });
  await files
    .getByRole("treeitem", { name: /\/.+\.\w+$/ })
    .first()
    .click();
  await expect(page).toHaveURL(/[?&]file=/);
  // The read-only Monaco viewer (loaded lazily, from this server only).
  // Monaco is a large chunk: on a busy machine it may take a while to arrive.
  await expect(page.getByRole("region", { name: /^File / }).locator(".monaco-editor")).toBeVisible({
    timeout: 90_000,
  });
});

test("compares two builds: files added and removed", async ({ page }) => {
  await openInstances(page);
  await buildSelection(page, 1, "smaller");
  await waitFinished(page);
  const first = Number(page.url().match(/builds\/(\d+)/)?.[1]);

  // A wildcard build of one pattern over the whole project, from the builds page.
  await page.getByRole("link", { name: "All builds" }).click();
  await page.getByRole("button", { name: "Start build" }).click();
  const dialog = page.getByRole("dialog", { name: "Start a build" });
  await dialog.getByLabel("Pattern").selectOption("HUB");
  // A wildcard takes one folder, not its subfolders; the field says so.
  await expect(dialog.getByLabel("Folder")).toHaveAccessibleDescription(
    "Instances directly in this folder, not in its subfolders.",
  );
  await dialog.getByLabel("Folder").fill("/erp/products");
  // A wildcard filter of docs/reference/endpoints.md: only instances nobody has checked out.
  await dialog.getByLabel("Checked out").selectOption({ label: "No" });
  await dialog.getByLabel("Description").fill("all hubs");
  await dialog.getByRole("button", { name: "Start build" }).click();
  await waitFinished(page);

  await page.getByRole("tab", { name: "Compare" }).click();
  await page.getByLabel("Compare with").selectOption(String(first));
  await expect(page).toHaveURL(new RegExp(`[?&]against=${first}(&|$)`));
  await expect(page.getByRole("status").filter({ hasText: /added, .* removed/ })).toBeVisible();
  await expect(
    page.getByRole("list", { name: "Differences" }).getByRole("listitem").first(),
  ).toBeVisible();
});

test("an unknown build says so and leads back to the list", async ({ page }) => {
  await openInstances(page);
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Builds" })
    .click();
  await expect(page.getByRole("heading", { name: "Builds", level: 1 })).toBeVisible();
  await page.goto(`${page.url()}/999999`);
  await expect(page.getByRole("heading", { name: "Build 999999", level: 1 })).toBeVisible();
  await expect(page.getByRole("alert")).toContainText("Not found");
  await page.getByRole("link", { name: "All builds" }).click();
  await expect(page.getByRole("heading", { name: "Builds", level: 1 })).toBeVisible();
});
