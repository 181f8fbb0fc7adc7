import { expect } from "vitest";
import type { Harness } from "./harness.ts";

/** The `message` of an error answer. */
export async function messageOf(res: Response): Promise<string> {
  return ((await res.json()) as { message: string }).message;
}

/** GETs a list, expecting 200 and an X-Total-Count equal to what came back (an unpaged list). */
export async function listOf<T>(h: Harness, path: string, token: string): Promise<T[]> {
  const res = await h.call(path, token);
  expect(res.status, await res.clone().text()).toBe(200);
  const items = (await res.json()) as T[];
  expect(res.headers.get("X-Total-Count")).toBe(String(items.length));
  return items;
}

/** A request without a token is refused with 401 "Not authenticated". */
export async function expectNotAuthenticated(h: Harness, path: string, init: RequestInit = {}) {
  const res = await h.call(path, undefined, init);
  expect(res.status).toBe(401);
  expect(await messageOf(res)).toBe("Not authenticated");
}

/** Once `token` has expired (tokens live an hour) a request with it is refused with 401. */
export async function expectTokenExpired(h: Harness, path: string, token: string) {
  h.clock.advance(3601 * 1000);
  const res = await h.call(path, token);
  expect(res.status).toBe(401);
  expect(await messageOf(res)).toBe("Not authenticated");
}

/** Both refusals: no token at `path`, then `token` expired at `expiredPath`. */
export async function expectTokenRequired(
  h: Harness,
  path: string,
  token: string,
  expiredPath = path,
) {
  await expectNotAuthenticated(h, path);
  await expectTokenExpired(h, expiredPath, token);
}

/** 404, and when given, exactly `message` (e.g. another customer's record, hidden as missing). */
export async function expectNotFound(h: Harness, path: string, token: string, message?: string) {
  const res = await h.call(path, token);
  expect(res.status).toBe(404);
  if (message !== undefined) expect(await messageOf(res)).toBe(message);
}

/** 404 with docs/reference/endpoints.md's error body and record message for `id`. */
export async function expectRecordNotFound(
  h: Harness,
  path: string,
  token: string,
  id: string | number,
) {
  const res = await h.call(path, token);
  expect(res.status).toBe(404);
  expect(await res.json()).toEqual({
    name: "NotFound",
    message: `No record found for id '${id}'`,
    code: 404,
    className: "not-found",
    data: { request_id: expect.any(String) },
  });
}

/** 400 with a message that names `field`. */
export async function expectBadField(h: Harness, path: string, token: string, field: string) {
  const res = await h.call(path, token);
  expect(res.status).toBe(400);
  expect(await messageOf(res)).toContain(field);
}

/** 403 for a project the user has no access grant for. */
export async function expectNoProjectAccess(h: Harness, path: string, token: string) {
  const res = await h.call(path, token);
  expect(res.status).toBe(403);
  expect(await messageOf(res)).toBe("You don't have permissions to access this project!");
}

// Feathers' method names, as the 405 message words them (written out, not imported: the expectation).
const OPERATION = { POST: "create", PUT: "update", PATCH: "patch", DELETE: "remove" } as const;
export type UnsupportedMethod = keyof typeof OPERATION;

/**
 * Each [method, path] is answered 405 with the `Allow` header of what the
 * path implements and docs/reference/endpoints.md's message naming the operation.
 */
export async function expectMethodsNotAllowed(
  h: Harness,
  token: string,
  requests: readonly (readonly [UnsupportedMethod, string])[],
  allow = "GET",
) {
  for (const [method, path] of requests) {
    const res = await h.call(path, token, { method, body: "{}" });
    expect(res.status, `${method} ${path}`).toBe(405);
    expect(res.headers.get("Allow"), `${method} ${path}`).toBe(allow);
    expect(await messageOf(res)).toBe(
      `Method \`${OPERATION[method]}\` is not supported by this endpoint.`,
    );
  }
}

/** A read-only resource: POST on `collection` and PUT, PATCH, DELETE on `collection/id` are 405s. */
export async function expectWritesNotAllowed(
  h: Harness,
  token: string,
  collection: string,
  id: string | number,
) {
  await expectMethodsNotAllowed(h, token, [
    ["POST", collection],
    ["PUT", `${collection}/${id}`],
    ["PATCH", `${collection}/${id}`],
    ["DELETE", `${collection}/${id}`],
  ]);
}
