import { apiSession } from "./support/api.ts";
import { demo } from "./support/demo.ts";
import { expect, test } from "./support/fixtures.ts";
import { signIn, signOut } from "./support/sign-in.ts";

// The `develop_patterns` grant (docs/identity.md): given on the grants page, it
// lets a non-admin edit a template; without it the console says why not.
test("a developer with Develop patterns edits a template; one without sees why not", async ({
  page,
  request,
}) => {
  const stamp = Date.now();
  const admin = await apiSession(request, demo.admin);
  // Fresh users keep the demo users' grants as the other tests expect them.
  const user = async (prefix: string) => {
    const email = `${prefix}-${stamp}@demo.test`;
    const res = await request.post("/api/console/admin/users", {
      headers: admin.headers,
      data: { email, password: "developer-pass" },
    });
    expect(res.status(), await res.text()).toBe(201);
    return { email, password: "developer-pass" };
  };
  const developer = await user("developer");
  const reader = await user("reader");
  const patternName = `E2E_DEVELOP_${stamp}`;
  const created = await request.post("/api/console/patterns", {
    headers: admin.headers,
    data: {
      name: patternName,
      properties: [{ name: "COLUMN_NAME", datatype: "string", required: true }],
      templates: [{ path: "out/{{ instance.name }}.sql", body: "-- first version" }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const patternId = ((await created.json()) as { pattern: { id: number } }).pattern.id;

  // The admin gives the grant on the grants page.
  await signIn(page, demo.admin.email, demo.admin.password);
  await page.goto("/admin?tab=grants");
  await page.getByLabel(`Develop patterns for ${developer.email}`).check();
  await expect(page.getByRole("status").filter({ hasText: "Saved:" })).toContainText(
    `Develop patterns for ${developer.email} granted`,
  );
  await signOut(page, demo.admin.email);

  // Without the grant: no editing, and the reason.
  await signIn(page, reader.email, reader.password);
  await page.goto(`/patterns/${patternId}`);
  await expect(page.getByRole("heading", { name: patternName, level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Edit pattern" })).toHaveCount(0);
  await expect(page.getByText("Editing patterns needs the “Develop patterns” grant")).toBeVisible();
  await page.goto(`/patterns/${patternId}/edit?tab=templates`);
  await expect(page.getByText("You may read patterns but not edit them")).toBeVisible();
  await signOut(page, reader.email);

  // With it: edit the template and save a new version.
  await signIn(page, developer.email, developer.password);
  await page.goto(`/patterns/${patternId}`);
  await page.getByRole("link", { name: "Edit pattern" }).click();
  await expect(page.getByRole("heading", { name: `Edit ${patternName}`, level: 1 })).toBeVisible();
  await page.locator(".workbench-frame .monaco-editor").click();
  await page.keyboard.press("Control+End");
  await page.keyboard.type("\n-- EDITED_BY_DEVELOPER");
  await page.getByRole("button", { name: "Save…" }).click();
  await page.getByRole("button", { name: "Save version 2" }).click();
  await expect(
    page.getByRole("heading", { name: patternName, exact: true, level: 1 }),
  ).toBeVisible();
  const templates = await request.get(`/api/console/patterns/${patternId}/templates`, {
    headers: admin.headers,
  });
  expect(JSON.stringify(await templates.json())).toContain("-- EDITED_BY_DEVELOPER");
});
