import type { APIRequestContext } from "@playwright/test";
import { demo } from "./demo.ts";
import { expect } from "./fixtures.ts";

/** Bearer headers of `user`, signed in through the API (specs seed their data this way). */
export async function bearer(
  request: APIRequestContext,
  user: { email: string; password: string },
) {
  const res = await request.post("/authentication", {
    data: { strategy: "local", email: user.email, password: user.password },
  });
  expect(res.status()).toBe(201);
  return { Authorization: `Bearer ${((await res.json()) as { accessToken: string }).accessToken}` };
}

/** `user`'s API session: its headers, and the id of the first record of a list found by name. */
export async function apiSession(
  request: APIRequestContext,
  user: { email: string; password: string },
) {
  const headers = await bearer(request, user);
  const byName = async (path: string, name: string) => {
    const res = await request.get(path, { headers, params: { name } });
    expect(res.ok(), await res.text()).toBe(true);
    return ((await res.json()) as { id: number }[])[0] as { id: number };
  };
  return { headers, byName };
}

/** A finished build of the demo's /crm/customers HUB instances, started by the admin. */
export async function finishedBuild(request: APIRequestContext, headers: Record<string, string>) {
  const started = await request.post("/api/v1/builds", {
    headers,
    data: {
      project: demo.project,
      wait: true,
      instances: [{ pattern: "HUB", folder: "/crm/customers", name: "*" }],
    },
  });
  expect(started.status(), await started.text()).toBe(201);
  const { build } = (await started.json()) as { build: { id: number; status: string } };
  expect(build.status).toBe("FINISHED");
  return build.id;
}
