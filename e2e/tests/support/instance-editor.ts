import type { Page } from "@playwright/test";
import { demo } from "./demo.ts";
import { expect } from "./fixtures.ts";
import { signIn } from "./sign-in.ts";

/** Helpers of the instance editor specs: find an instance, open its editor, reach a cell. */
export async function findInstance(page: Page, pattern: string, name: string) {
  const res = await page.request.get("/api/v1/instances", {
    params: { project: demo.project, pattern, name },
  });
  expect(res.ok()).toBe(true);
  const [instance] = (await res.json()) as { id: number; project_id: number; version: number }[];
  expect(instance).toBeDefined();
  return instance;
}

/** Signs in as `user` and opens the editor of one instance; gives the instance as listed. */
export async function openEditor(
  page: Page,
  user: { email: string; password: string },
  pattern: string,
  name: string,
) {
  await signIn(page, user.email, user.password);
  const instance = await findInstance(page, pattern, name);
  await page.goto(`/projects/${instance.project_id}/instances/${instance.id}`);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  return instance;
}

/** The cell of one column in the (unpinned) grid row holding `text`. */
export function cell(page: Page, rowText: string, column: string) {
  return page
    .getByRole("grid", { name: "Rows" })
    .getByRole("row")
    .filter({ hasText: rowText })
    .locator(`[role="gridcell"][col-id="${column}"]`);
}

export async function typeInto(target: ReturnType<typeof cell>, value: string) {
  await target.dblclick();
  const input = target.getByRole("textbox");
  await expect(input).toBeVisible();
  await input.fill(value);
  await input.press("Enter");
}
