import { demo } from "./support/demo.ts";
import { expect, test as base } from "./support/fixtures.ts";
import { type ServerPair, startPostgresPair } from "./support/postgres-pair.ts";
import { signIn } from "./support/sign-in.ts";

/**
 * Issue 17: the console on process B of two server processes sharing one
 * PostgreSQL database (docs/scale-out.md), while builds are started through
 * process A: B's builds list shows them arrive and finish live, and B serves
 * their archives.
 */
const test = base.extend<object, { pair: ServerPair }>({
  pair: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
    async ({}, use) => {
      const pair = await startPostgresPair();
      await use(pair);
      await pair.stop();
    },
    { scope: "worker", timeout: 180_000 },
  ],
  baseURL: async ({ pair }, use) => {
    await use(pair.b);
  },
});

test("process B's console follows builds started through process A", async ({
  page,
  request,
  pair,
}) => {
  await signIn(page, demo.admin.email, demo.admin.password);
  await page
    .getByRole("table", { name: "Projects" })
    .getByRole("link", { name: demo.project })
    .click();
  await expect(page.getByRole("heading", { name: "Instances" })).toBeVisible();
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Builds" })
    .click();
  await expect(page.getByText("No builds yet.")).toBeVisible();
  const builds = page.getByRole("table", { name: "Builds" });

  // Signed in and started through A: B's page is not reloaded.
  const auth = await request.post(`${pair.a}/authentication`, {
    data: { strategy: "local", email: demo.admin.email, password: demo.admin.password },
  });
  expect(auth.status()).toBe(201);
  const { accessToken } = (await auth.json()) as { accessToken: string };
  for (const description of ["first through A", "second through A"]) {
    const started = await request.post(`${pair.a}/api/v1/builds`, {
      headers: { Authorization: `Bearer ${accessToken}` },
      data: {
        project: demo.project,
        description,
        instances: [{ pattern: "HUB", folder: "/crm/customers", name: "*" }],
      },
    });
    expect(started.status(), await started.text()).toBe(201);
    const row = builds.getByRole("row", { name: new RegExp(description) });
    await expect(row.getByText("finished", { exact: true })).toBeVisible();
    await expect(row.getByRole("progressbar")).toHaveAttribute("value", "100");
  }

  // B serves the archive, whichever process wrote it into the shared folder.
  await builds
    .getByRole("row", { name: /second through A/ })
    .getByRole("link")
    .first()
    .click();
  await expect(page.getByRole("heading", { name: /^Build \d+$/ })).toBeVisible();
  const link = page.getByRole("link", { name: /^Download / }).first();
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toMatch(/\.zip$/);
  expect((await download.failure()) ?? null).toBeNull();
});
