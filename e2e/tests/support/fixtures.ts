import { basename } from "node:path";
import { test as base, expect } from "@playwright/test";

/** The server under test: started by global-setup.ts, or given by the caller. */
export function serverUrl(): string {
  const url = process.env.METABUILD_E2E_URL;
  if (!url)
    throw new Error("METABUILD_E2E_URL is not set: run the tests through playwright.config.ts");
  return url;
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/**
 * metabuild's test: the base URL of the server under test, a guard that fails
 * the test on any request to another host (the console must fetch nothing
 * from outside), and a screenshot of the page at the end of every test under
 * e2e/screenshots/ for a person to look at.
 */
export const test = base.extend<{
  foreignRequests: string[];
  serverErrors: string[];
  screenshotAtEnd: undefined;
}>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
  baseURL: async ({}, use) => {
    await use(serverUrl());
  },
  foreignRequests: [
    async ({ context, baseURL }, use) => {
      const own = new URL(baseURL as string).host;
      const foreign: string[] = [];
      await context.route(
        (url) => url.host !== own && url.protocol !== "data:" && url.protocol !== "blob:",
        (route) => {
          foreign.push(route.request().url());
          return route.abort("blockedbyclient");
        },
      );
      await context.routeWebSocket(
        (url) => url.host !== own,
        (ws) => {
          foreign.push(ws.url());
          return ws.close();
        },
      );
      await use(foreign);
      expect(foreign, "requests to hosts other than the metabuild server").toEqual([]);
    },
    { auto: true },
  ],
  // A 5xx answer to the console is a defect even when the page hides it (a
  // select left empty, a notice not shown): fail with the server's words
  // instead of a timeout on what the page did not show.
  serverErrors: [
    async ({ context, baseURL }, use) => {
      const own = new URL(baseURL as string).host;
      const errors: string[] = [];
      context.on("response", (response) => {
        if (response.status() < 500 || new URL(response.url()).host !== own) return;
        const request = response.request();
        const seen = `${response.status()} ${request.method()} ${response.url()}`;
        errors.push(seen);
        response
          .text()
          .then((body) => {
            errors[errors.indexOf(seen)] = `${seen}: ${body.slice(0, 300)}`;
          })
          .catch(() => {});
      });
      await use(errors);
      expect(errors, "server errors (5xx) answered to the browser").toEqual([]);
    },
    { auto: true },
  ],
  screenshotAtEnd: [
    async ({ page }, use, testInfo) => {
      await use(undefined);
      const file = basename(testInfo.file).replace(/\.spec\.ts$/, "");
      await page.screenshot({
        path: `${import.meta.dirname}/../../screenshots/${file}--${slug(testInfo.title)}.png`,
      });
    },
    { auto: true },
  ],
});

export { expect };
