import { demo } from "./support/demo.ts";
import { expect, test } from "./support/fixtures.ts";
import { signIn } from "./support/sign-in.ts";

test("lists patterns and shows one with its parts in tabs", async ({ page }) => {
  await signIn(page, demo.dev.email, demo.dev.password);
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Patterns" })
    .click();
  const table = page.getByRole("table", { name: "Patterns" });
  await table.getByRole("link", { name: "HUB", exact: true }).click();
  await expect(page.getByRole("heading", { name: "HUB", level: 1 })).toBeVisible();

  await expect(page.getByRole("tab", { name: "Properties" })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  await expect(page.getByRole("table", { name: "Instance properties" })).toBeVisible();

  await page.getByRole("tab", { name: "Properties" }).press("ArrowRight");
  await expect(page.getByRole("tab", { name: "Functional roles" })).toBeFocused();
  await expect(page).toHaveURL(/tab=roles/);
  await expect(page.getByRole("table", { name: "Functional roles" })).toBeVisible();

  await page.getByRole("tab", { name: "Variables" }).click();
  await expect(
    page.getByRole("table", { name: "Variables" }).getByRole("cell", { name: "TARGET_SCHEMA" }),
  ).toBeVisible();

  await page.getByRole("tab", { name: "Deployments" }).click();
  await expect(
    page.getByRole("table", { name: "Deployments" }).getByRole("cell", { name: "to-sqlite" }),
  ).toBeVisible();

  // The templates, as a deep link to the tab.
  await page.goto(page.url().replace(/tab=\w+/, "tab=templates"));
  await expect(page.getByRole("tab", { name: "Templates" })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  const ddl = page.getByRole("region", { name: /^Template 1_ddl/ });
  // Shown in a read-only Monaco viewer.
  const viewer = ddl.getByRole("region", { name: /\(read-only\)$/ });
  await expect(viewer.locator(".monaco-editor")).toBeVisible();
  await expect(viewer).toContainText("CREATE TABLE");
});

test("a search narrows the pattern list and stays in the URL", async ({ page }) => {
  await signIn(page, demo.viewer.email, demo.viewer.password);
  await page.goto("/patterns?q=satellite");
  await expect(page.getByLabel("Search patterns")).toHaveValue("satellite");
  const links = page.getByRole("table", { name: "Patterns" }).getByRole("link");
  await expect(links).toHaveText(["SAT"]);
  await page.getByLabel("Search patterns").fill("nothing like this");
  await expect(page.getByText("No pattern matches “nothing like this”.")).toBeVisible();
});
