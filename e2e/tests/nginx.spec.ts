import type { Page } from "@playwright/test";
import { startDemoAgent } from "./support/demo-agent.ts";
import { demo } from "./support/demo.ts";
import { expect, test as base } from "./support/fixtures.ts";
import { type Proxied, findNginx, startProxied } from "./support/proxied-server.ts";

/**
 * Issue 16 item 6: the server behind Debian's nginx under the sub-path /mb,
 * with docs/operations.md's configuration (read from the doc itself): the
 * console loads, sign-in works, build progress arrives live over SSE, and an
 * agent connects over its WebSocket, all through the proxy.
 */
// A prerequisite like Chromium: without it the suite fails, it never skips.
const nginx = findNginx();
if (!nginx)
  throw new Error("nginx is not installed: apt-get install -y nginx-light (.ci/run installs it)");

const test = base.extend<object, { proxied: Proxied }>({
  proxied: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
    async ({}, use) => {
      const proxied = await startProxied(nginx);
      await use(proxied);
      await proxied.stop();
    },
    { scope: "worker", timeout: 120_000 },
  ],
  // Relative paths ("sign-in") resolve under the base path.
  baseURL: async ({ proxied }, use) => {
    await use(`${proxied.url}/`);
  },
});

async function signIn(page: Page) {
  await page.goto("sign-in");
  await page.getByLabel("E-mail").fill(demo.admin.email);
  await page.getByLabel("Password").fill(demo.admin.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(
    page.getByRole("button", { name: `User menu for ${demo.admin.email}` }),
  ).toBeVisible();
}

test("loads the console under /mb through nginx and signs in", async ({ page, proxied }) => {
  const assets: { url: string; headers: Record<string, string> }[] = [];
  page.on("response", (res) => {
    if (/\/assets\/.+\.js$/.test(res.url()))
      assets.push({ url: res.url(), headers: res.headers() });
  });
  await signIn(page);
  await expect(page).toHaveURL(`${proxied.url}/projects`);
  await expect(
    page.getByRole("table", { name: "Projects" }).getByRole("link", { name: demo.project }),
  ).toBeVisible();
  // The build's files came from under the base path, compressed and cached for good.
  expect(assets.length).toBeGreaterThan(0);
  for (const a of assets) expect(new URL(a.url).pathname).toMatch(/^\/mb\/assets\//);
  const entry = assets.find((a) => /\/index-[\w-]+\.js$/.test(a.url)) ?? assets[0];
  expect(entry?.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(entry?.headers["content-encoding"]).toMatch(/^(br|gzip)$/);
  // A deep link reloads under the base path.
  await page.reload();
  await expect(
    page.getByRole("button", { name: `User menu for ${demo.admin.email}` }),
  ).toBeVisible();
});

test("shows build progress live over the event stream through nginx", async ({ page, proxied }) => {
  const streams: string[] = [];
  page.on("response", (res) => {
    if (res.url().includes("/api/console/events")) streams.push(res.url());
  });
  await signIn(page);
  await page
    .getByRole("table", { name: "Projects" })
    .getByRole("link", { name: demo.project })
    .click();
  const grid = page.getByRole("grid", { name: "Instances" });
  const boxes = grid.getByRole("checkbox");
  await expect(boxes.first()).toBeVisible();
  for (let i = 0; i < 2; i++) await boxes.nth(i).check();
  await page.getByRole("link", { name: "Build selected (2)" }).click();
  const dialog = page.getByRole("dialog", { name: "Start a build" });
  await dialog.getByLabel("Description").fill("through nginx");
  await dialog.getByRole("button", { name: "Start build" }).click();
  await expect(page.getByRole("heading", { name: /^Build \d+$/ })).toBeVisible();
  await expect(page.getByRole("progressbar", { name: "Build progress" })).toHaveAttribute(
    "value",
    "100",
  );
  await expect(page.getByLabel("Progress").getByText("finished", { exact: true })).toBeVisible();
  expect(streams.some((u) => u.startsWith(`${proxied.url}/api/console/events`))).toBe(true);

  // The stream itself, read in the page: its first event arrives while the stream stays open
  // (a buffering proxy would hold it back).
  const buildId = /\/builds\/(\d+)/.exec(page.url())?.[1];
  const first = await page.evaluate(
    (id) =>
      new Promise<{ type: string; data: unknown }>((resolve, reject) => {
        const source = new EventSource(`api/console/events?build_id=${id}`);
        const timer = setTimeout(() => reject(new Error("no event within 15 s")), 15_000);
        source.addEventListener("build.status", (e) => {
          clearTimeout(timer);
          source.close();
          resolve({ type: e.type, data: JSON.parse((e as MessageEvent<string>).data) });
        });
      }),
    buildId,
  );
  expect(first.type).toBe("build.status");
  expect(first.data).toMatchObject({ id: Number(buildId), status: "FINISHED" });
});

test.describe("an agent behind the proxy", () => {
  let agent: { stop(): void } | undefined;
  test.afterAll(() => {
    agent?.stop();
  });

  test("connects over its WebSocket through nginx and shows online", async ({ page, proxied }) => {
    agent = startDemoAgent(proxied.url);
    await signIn(page);
    await page.getByRole("link", { name: "Agents" }).click();
    const agents = page.getByRole("table", { name: "Agents" });
    await expect(
      agents.getByRole("row", { name: /local-runner/ }).getByText("online", { exact: true }),
    ).toBeVisible({ timeout: 60_000 });
  });
});

test("a client cannot dodge the sign-in throttle with its own X-Forwarded-For", async ({
  page,
  request,
}) => {
  const attempt = (i: number) =>
    request.post("authentication", {
      headers: { "X-Forwarded-For": `203.0.113.${i}` },
      data: { strategy: "local", email: "nobody@demo.test", password: "wrong" },
    });
  // Per e-mail and client address, 10 failures are allowed (the default).
  for (let i = 0; i < 10; i++) expect((await attempt(i)).status()).toBe(401);
  const refused = await attempt(99);
  expect(refused.status()).toBe(429);
  await page.goto("sign-in");
});
