import { type Page, request as playwrightRequest } from "@playwright/test";
import { demo } from "./demo.ts";
import { test as base, expect, serverUrl } from "./fixtures.ts";
import { type ScaleInstance, scaleBundle, scaleInstances } from "./scale-bundle.ts";

/** Instances of the e2e scale project (issue 14: "at least 5,000"). */
export const SCALE_INSTANCES = 5_000;

export interface ScaleProject {
  name: string;
  id: number;
  instances: ScaleInstance[];
  /** A user with only the "access" grant on the project. */
  viewer: { email: string; password: string };
  /** How long the import took, in ms (printed; docs/console-scale.md). */
  importMs: number;
}

/**
 * The scale project, imported once per worker through POST /api/console/bundles
 * (an import of the same file again changes nothing, so reruns against a kept
 * server are cheap).
 */
export const test = base.extend<object, { scaleProject: ScaleProject }>({
  scaleProject: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
    async ({}, use) => {
      const name = "SCALE";
      const viewer = { email: "scale-viewer@demo.test", password: "scale-viewer-pass" };
      const api = await playwrightRequest.newContext({ baseURL: serverUrl() });
      const auth = await api.post("/authentication", {
        data: { strategy: "local", email: demo.admin.email, password: demo.admin.password },
      });
      expect(auth.status()).toBe(201);
      const headers = {
        Authorization: `Bearer ${((await auth.json()) as { accessToken: string }).accessToken}`,
      };
      const started = Date.now();
      const imported = await api.post("/api/console/bundles", {
        headers: { ...headers, "Content-Type": "application/json" },
        data: scaleBundle({
          project: name,
          instances: SCALE_INSTANCES,
          users: [{ ...viewer, permissions: ["access"] }],
        }),
        timeout: 180_000,
      });
      expect(imported.status(), await imported.text()).toBe(200);
      const importMs = Date.now() - started;
      console.log(`scale project: ${SCALE_INSTANCES} instances imported in ${importMs} ms`);
      const found = await api.get("/api/v1/projects", { headers, params: { name } });
      const id = ((await found.json()) as { id: number }[])[0]?.id as number;
      await api.dispose();
      await use({ name, id, instances: scaleInstances(SCALE_INSTANCES), viewer, importMs });
    },
    { scope: "worker", timeout: 240_000 },
  ],
});

/**
 * Signs `user` in through the API from the page's own context, so the server
 * sets the console's session cookie (same origin) without the sign-in page:
 * the scale spec's flows start on their page at once (sign-in itself has
 * its own spec).
 */
export async function signInQuickly(page: Page, user: { email: string; password: string }) {
  const res = await page.request.post("/authentication", {
    data: { strategy: "local", email: user.email, password: user.password },
    headers: { Origin: serverUrl() },
  });
  expect(res.status(), await res.text()).toBe(201);
}

export { expect };
