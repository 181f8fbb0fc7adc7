import type { APIRequestContext } from "@playwright/test";
import { demo } from "./support/demo.ts";
import { expect, test } from "./support/fixtures.ts";
import { apiSession, finishedBuild } from "./support/api.ts";
import { signIn } from "./support/sign-in.ts";

const PASSWORD = "permission-pass-1";

/** A fresh user holding exactly `permissions` on the demo project. */
async function seedUser(request: APIRequestContext, permissions: string[]) {
  const { headers, byName } = await apiSession(request, demo.admin);
  const email = `perm-${Date.now()}-${permissions.length}@demo.test`;
  const made = await request.post("/api/console/admin/users", {
    headers,
    data: { email, password: PASSWORD },
  });
  expect(made.status(), await made.text()).toBe(201);
  const user = (await made.json()) as { id: number };
  const project = await byName("/api/v1/projects", demo.project);
  const grant = async (permission: string, granted: boolean) => {
    const res = await request.put("/api/console/admin/grants", {
      headers,
      data: { user_id: user.id, project_id: project.id, permission, granted },
    });
    expect(res.ok(), await res.text()).toBe(true);
  };
  for (const permission of permissions) await grant(permission, true);
  return { email, projectId: project.id, headers, grant };
}

test("a viewer sees no start-build button and disabled edits that say why", async ({
  page,
  request,
}) => {
  const { email, projectId } = await seedUser(request, ["access"]);
  await signIn(page, email, PASSWORD);
  await page.goto(`/projects/${projectId}/builds`);
  await expect(page.getByRole("heading", { name: "Builds" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Start build" })).toHaveCount(0);
  await expect(page.getByText("Starting builds needs the “Run builds” grant.")).toBeVisible();

  await page.goto(`/projects/${projectId}/instances`);
  const upload = page.getByRole("button", { name: "Upload workbook" });
  await expect(upload).toBeDisabled();
  await expect(page.getByRole("button", { name: "New instance" })).toBeDisabled();
  await expect(page.locator(".permission-hint").first()).toHaveAttribute(
    "title",
    /“Edit instances” grant/,
  );
});

test("a download refused after the page loaded shows the server's message, not a file", async ({
  page,
  request,
}) => {
  const { email, projectId, headers, grant } = await seedUser(request, ["access", "read_builds"]);
  const buildId = await finishedBuild(request, headers);
  await signIn(page, email, PASSWORD);
  await page.goto(`/projects/${projectId}/builds/${buildId}?tab=downloads`);
  const link = page.getByRole("link", { name: /^Download / }).first();
  await expect(link).toBeVisible();

  await grant("read_builds", false);
  let saved = false;
  page.on("download", () => {
    saved = true;
  });
  await link.click();
  await expect(
    page.getByRole("status").filter({ hasText: "could not be downloaded" }),
  ).toContainText("You don't have permissions to download build results!");
  expect(saved).toBe(false);
});

test("a missing record says so without a 'Try again' that cannot help", async ({ page }) => {
  await signIn(page, demo.admin.email, demo.admin.password);
  await page.goto("/projects/999999/builds/999999");
  const alert = page.getByRole("alert");
  await expect(alert).toContainText("Not found");
  await expect(alert.getByRole("link", { name: "Go to your projects" })).toBeVisible();
  await expect(alert.getByRole("button", { name: "Try again" })).toHaveCount(0);
});
