import { demo } from "./support/demo.ts";
import { expect, test } from "./support/fixtures.ts";
import { apiSession } from "./support/api.ts";
import { signIn } from "./support/sign-in.ts";

test("Ctrl+K finds an instance by part of its name and jumps to it", async ({ page, request }) => {
  const { headers, byName } = await apiSession(request, demo.dev);
  const project = await byName("/api/v1/projects", demo.project);
  const pattern = await byName("/api/v1/patterns", "STG");
  const stamp = Date.now();
  const name = `PALETTE_ORDER_LINES_${stamp}`;
  const created = await request.post("/api/console/instances", {
    headers,
    data: { project_id: project.id, pattern_id: pattern.id, folder: `/e2e_palette_${stamp}`, name },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()) as { instance_id: number }).instance_id;

  await signIn(page, demo.dev.email, demo.dev.password);
  await page.keyboard.press("Control+k");
  const input = page.getByRole("combobox", { name: "Find by name" });
  await expect(input).toBeFocused();
  // Part of the name, in lower case.
  await input.fill(`order_lines_${stamp}`);
  const hit = page.getByRole("option").filter({ hasText: name });
  await expect(hit).toContainText("Instance");
  await expect(hit).toContainText(`STG · /e2e_palette_${stamp} · ${demo.project}`);
  await page.screenshot({ path: `${import.meta.dirname}/../screenshots/command-palette.png` });
  await input.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/projects/${project.id}/instances/${id}$`));
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();

  // The folder is a hit too, and opens the instance list there.
  await page.getByRole("button", { name: /^Search/ }).click();
  await input.fill(`e2e_palette_${stamp}`);
  await page.getByRole("option").filter({ hasText: "Folder" }).first().click();
  await expect(page).toHaveURL(/\/instances\?folder=/);
  await expect(page.getByRole("grid", { name: "Instances" })).toContainText(name);
});
