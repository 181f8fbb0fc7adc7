import type { Page } from "@playwright/test";
import { demo } from "./support/demo.ts";
import { expect, test } from "./support/fixtures.ts";
import { signIn } from "./support/sign-in.ts";

/** Roles a person (or a getByRole test) operates; each needs a name to be found. */
const CONTROLS = new Set([
  "button",
  "link",
  "textbox",
  "searchbox",
  "combobox",
  "listbox",
  "checkbox",
  "radio",
  "switch",
  "slider",
  "spinbutton",
  "tab",
  "menuitem",
  "treeitem",
]);

interface AXNode {
  ignored: boolean;
  role?: { value?: string };
  name?: { value?: string };
  backendDOMNodeId?: number;
}

/**
 * The controls on the page whose computed accessible name is empty, as
 * Chromium's accessibility tree (what screen readers and getByRole see) has them.
 */
async function unnamedControls(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = (await cdp.send("Accessibility.getFullAXTree")) as { nodes: AXNode[] };
  const bad: string[] = [];
  for (const n of nodes) {
    const role = n.role?.value ?? "";
    if (n.ignored || !CONTROLS.has(role) || (n.name?.value ?? "").trim() !== "") continue;
    const { object } = await cdp.send("DOM.resolveNode", { backendNodeId: n.backendDOMNodeId });
    const html = object.objectId
      ? ((
          await cdp.send("Runtime.callFunctionOn", {
            objectId: object.objectId,
            functionDeclaration: "function () { return this.outerHTML.slice(0, 160); }",
            returnByValue: true,
          })
        ).result.value as string)
      : "?";
    bad.push(`${role}: ${html}`);
  }
  await cdp.detach();
  return bad;
}

async function expectAllNamed(page: Page, where: string) {
  expect(await unnamedControls(page), `controls without an accessible name on ${where}`).toEqual(
    [],
  );
}

test("every control on the console's pages has an accessible name", async ({ page }) => {
  await signIn(page, demo.admin.email, demo.admin.password);
  await expectAllNamed(page, "the projects page");

  await page
    .getByRole("table", { name: "Projects" })
    .getByRole("link", { name: demo.project })
    .click();
  await expect(page.getByRole("heading", { name: "Instances" })).toBeVisible();
  await expect(
    page.getByRole("grid", { name: "Instances" }).getByRole("link").first(),
  ).toBeVisible();
  const project = /\/projects\/(\d+)\//.exec(page.url())?.[1];
  await expectAllNamed(page, "the instances page");

  await page.getByRole("button", { name: "Upload workbook" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expectAllNamed(page, "the upload dialog");
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "New instance" }).click();
  await expect(page.getByRole("dialog", { name: "New instance" })).toBeVisible();
  await expectAllNamed(page, "the new-instance dialog");
  await page.keyboard.press("Escape");

  await page.getByRole("grid", { name: "Instances" }).getByRole("link").first().click();
  await expect(page.getByRole("tab", { name: "History" })).toBeVisible();
  await expectAllNamed(page, "the instance editor");
  await page.getByRole("button", { name: "Copy…" }).click();
  await expect(page.getByRole("dialog", { name: /^Copy / })).toBeVisible();
  await expectAllNamed(page, "the copy dialog");
  await page.keyboard.press("Escape");

  const pages: [string, string][] = [
    [`/projects/${project}/builds`, "Builds"],
    [`/projects/${project}/sql`, "SQL"],
    [`/projects/${project}/harvest`, "Harvest"],
    [`/projects/${project}/variables`, "Variable cascade"],
    ["/patterns", "Patterns"],
    ["/agents", "Agents"],
    ["/admin", "Administration"],
    ["/admin/audit", "Audit log"],
  ];
  for (const [path, heading] of pages) {
    await page.goto(path);
    await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
    // Let lazily loaded parts (Monaco, grids, trees) arrive before looking.
    await page.waitForLoadState("networkidle");
    await expectAllNamed(page, path);
    if (heading === "Builds") {
      await page.getByRole("button", { name: "Start build" }).click();
      await expect(page.getByRole("dialog", { name: "Start a build" })).toBeVisible();
      await expectAllNamed(page, "the start-build dialog");
      await page.keyboard.press("Escape");
    }
  }

  await page.goto("/patterns");
  await page.getByRole("table").getByRole("link").first().click();
  await expect(page.getByRole("tab").first()).toBeVisible();
  await expectAllNamed(page, "a pattern's page");
});
