import { demo } from "./support/demo.ts";
import { expect, test } from "./support/fixtures.ts";
import { signIn } from "./support/sign-in.ts";

// API tokens for pipelines (docs/identity.md): made in the console, used by a test request.
test("create a token on the Tokens page, use it from a request, then revoke it", async ({
  page,
  request,
}) => {
  const name = `pipeline-${Date.now()}`;
  await signIn(page, demo.dev.email, demo.dev.password);
  await page.getByRole("button", { name: `User menu for ${demo.dev.email}` }).click();
  await page.getByRole("menuitem", { name: "API tokens" }).click();
  await expect(page.getByRole("heading", { name: "API tokens", level: 1 })).toBeVisible();

  const form = page.getByRole("form", { name: "Create token" });
  await form.getByLabel("Name").fill(name);
  await form.getByRole("combobox", { name: "Project" }).selectOption({ label: demo.project });
  await form.getByLabel("Edit instances").check();
  await form.getByLabel("Expires in days").fill("7");
  await form.getByRole("button", { name: "Create token" }).click();
  const shown = form.getByRole("status").filter({ hasText: name });
  await expect(shown).toContainText("shown only now");
  const token = (await shown.locator("code").textContent()) ?? "";
  expect(token).toMatch(/^mbt_/);

  // A pipeline's request: the token reaches its project only.
  const headers = { Authorization: `Bearer ${token}` };
  const projects = await request.get("/api/v1/projects", { headers });
  expect(projects.status(), await projects.text()).toBe(200);
  expect(((await projects.json()) as { name: string }[]).map((p) => p.name)).toEqual([
    demo.project,
  ]);
  const shop = await request.get("/api/v1/projects", {
    headers,
    params: { name: demo.otherProject },
  });
  expect(await shop.json()).toEqual([]);

  // The list shows its last use, never its text.
  await page.reload();
  const row = page.getByRole("table", { name: "API tokens" }).getByRole("row", { name: name });
  await expect(row).toContainText("access, write_instances");
  await expect(row).not.toContainText("never");
  await expect(page.getByText(token)).toHaveCount(0);

  await row.getByRole("button", { name: `Revoke ${name}` }).click();
  await expect(page.getByRole("row", { name: name })).toHaveCount(0);
  expect((await request.get("/api/v1/projects", { headers })).status()).toBe(401);
});
