import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ChildProcess } from "node:child_process";
import { expect, test } from "@playwright/test";
import {
  type TestProvider,
  startTestProvider,
} from "../../apps/server/src/testing/oidc-provider.ts";
import { collect, freePort, spawnServe, stop, waitFor } from "./support/child-process.ts";
import { demo } from "./support/demo.ts";

// Its own server, configured for the test provider: the shared one has no single sign-on.
// The provider is another host, so this spec does without the foreign-request guard of
// support/fixtures.ts and checks where the browser went itself.
let provider: TestProvider;
let server: ChildProcess;
let url: string;
let dataDir: string;

test.beforeAll(async () => {
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  provider = await startTestProvider({
    redirectUris: [`${url}/authentication/oidc/callback`],
    accounts: { "demo-admin": { email: demo.admin.email, email_verified: true } },
  });
  dataDir = mkdtempSync(join(tmpdir(), "metabuild-sso-"));
  server = spawnServe(port, {
    METABUILD_DATA_DIR: dataDir,
    METABUILD_DEMO: "on",
    DATABASE_URL: "",
    METABUILD_OIDC_ISSUER: provider.issuer,
    METABUILD_OIDC_CLIENT_ID: provider.clientId,
    METABUILD_OIDC_CLIENT_SECRET: provider.clientSecret,
    METABUILD_OIDC_NAME: "Test IdP",
  });
  await waitFor(`${url}/health`, server, collect(server), "metabuild");
});

test.afterAll(async () => {
  await stop(server);
  await provider?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

test("signs in through the identity provider's pages", async ({ page, context }) => {
  await page.goto(`${url}/projects`);
  await expect(page).toHaveURL(/\/sign-in/);
  await page.getByRole("link", { name: "Sign in with Test IdP" }).click();

  // The provider's own login and consent pages.
  await expect(page).toHaveURL(new RegExp(`^${provider.issuer}/`));
  await page.locator('input[name="login"]').fill("demo-admin");
  await page.locator('input[name="password"]').fill("any password");
  await page.getByRole("button", { name: "Sign-in" }).click();
  await page.getByRole("button", { name: "Continue" }).click();

  await expect(page).toHaveURL(`${url}/projects`);
  await expect(page.getByRole("heading", { name: "Projects" })).toBeVisible();
  await expect(
    page.getByRole("button", { name: `User menu for ${demo.admin.email}` }),
  ).toBeVisible();
  const session = (await context.cookies(url)).find((c) => c.name === "metabuild_session");
  expect(session?.httpOnly).toBe(true);
  await page.screenshot({
    path: `${import.meta.dirname}/../screenshots/single-sign-on--signs-in-through-the-provider.png`,
  });
});
