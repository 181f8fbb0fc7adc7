import { demo } from "./support/demo.ts";
import { expect, test } from "./support/fixtures.ts";
import { signIn } from "./support/sign-in.ts";

// Names stored before their pattern's rule are reported, not renamed (docs/instance-names.md).

test("the instances page counts names that break their rule and links each", async ({
  page,
  request,
}) => {
  const project = `E2E_NAMES_${Date.now()}`;
  const signedIn = await request.post("/authentication", {
    data: { strategy: "local", email: demo.admin.email, password: demo.admin.password },
  });
  const { accessToken } = (await signedIn.json()) as { accessToken: string };
  // A bundle import restores declared state, legacy names included: the only
  // way in that still stores such a name.
  const imported = await request.post("/api/console/bundles", {
    headers: { Authorization: `Bearer ${accessToken}`, "Content-Type": "application/yaml" },
    data: `version: 1
customer: Demo Retail
projects:
  - name: ${project}
    instances:
      - { pattern: HUB, folder: /legacy, name: order line test }
      - { pattern: HUB, folder: /legacy, name: 2nd order }
      - { pattern: HUB, folder: /legacy, name: ORDER_LINE }
`,
  });
  expect(imported.status(), await imported.text()).toBe(200);
  const projects = await request.get("/api/v1/projects", {
    headers: { Authorization: `Bearer ${accessToken}` },
    params: { name: project },
  });
  const [{ id }] = (await projects.json()) as { id: number }[];

  await signIn(page, demo.admin.email, demo.admin.password);
  await page.goto(`/projects/${id}/instances`);
  const notice = page.getByRole("note");
  await expect(notice).toContainText("2 instance names break their pattern's rule");
  await notice.getByText("2 instance names break their pattern's rule").click();
  const link = notice.getByRole("link", { name: "/legacy/order line test" });
  await expect(link).toBeVisible();
  await expect(notice.getByRole("link", { name: "/legacy/ORDER_LINE" })).toHaveCount(0);
  await page.screenshot({
    path: `${import.meta.dirname}/../screenshots/instance-names--invalid-names.png`,
  });
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/projects/${id}/instances/\\d+$`));
});
