import type { paths } from "@metabuild/contract/api-paths";
import type { QueryClient } from "@tanstack/react-query";
import createFetchClient from "openapi-fetch";
import createQueryClient from "openapi-react-query";
import {
  ApiError,
  type DownloadedFile,
  UNREACHABLE,
  dispositionFilename,
  errorBody,
  isApiError,
} from "../api-client.ts";
import { basePath, serverUrl } from "../base-path.ts";
import { type QueryValue, encodeQuery } from "../query-string.ts";

/** The API's operations by path, relative to `/api` (generated: docs/openapi.md "Typed client"). */
export type ApiPaths = paths;

/**
 * Sends one request; a failure answer becomes ApiError with the server's
 * Feathers error body (docs/reference/rules.md §3), a network failure the
 * "cannot be reached" message. So `data` is always set when a call resolves.
 */
async function send(request: Request): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(request);
  } catch (err) {
    if (err instanceof DOMException && err.name === "AbortError") throw err;
    throw new ApiError(0, { message: UNREACHABLE });
  }
  if (!res.ok) throw new ApiError(res.status, await errorBody(res));
  return res;
}

// Absolute, so a request is the same in the browser and in Node's tests.
const origin = globalThis.location?.origin ?? "http://localhost";

/**
 * The one typed client of the console: every operation of the OpenAPI
 * document, addressed by its path under `/api` (so `api.GET("/v1/projects")`),
 * with the session cookie of this origin (never a token in script).
 */
export const api = createFetchClient<ApiPaths>({
  baseUrl: origin + serverUrl("/api"),
  credentials: "same-origin",
  headers: { Accept: "application/json" },
  fetch: send,
  querySerializer: (query) => encodeQuery(query as Record<string, QueryValue>),
});

/**
 * TanStack Query over `api`: `$api.queryOptions("get", "/v1/projects", init)`
 * keys its query `["get", path, init]`, generated from the call.
 */
export const $api = createQueryClient(api);

type GetPath = {
  [P in keyof ApiPaths]: ApiPaths[P] extends { get: object } ? P : never;
}[keyof ApiPaths];

/** The key prefix of every query of one GET operation, to invalidate it by name. */
export function queryKeyOf(path: GetPath): readonly ["get", GetPath] {
  return ["get", path];
}

/** Marks every query of the given GET operations stale (refetching those on screen). */
export async function invalidate(client: QueryClient, ...paths: GetPath[]): Promise<void> {
  await Promise.all(paths.map((p) => client.invalidateQueries({ queryKey: queryKeyOf(p) })));
}

/**
 * The base of the sign-in and health operations, which are not under `/api`:
 * the server's root under the console's base path (`/mb` behind nginx).
 */
export const rootBaseUrl = origin + basePath();

/**
 * The URL of a GET operation as a browser link, EventSource or WebSocket
 * asks for it (downloads, the event stream): the one place such URLs are
 * made, with the base path and the API's query encoding.
 */
export function operationUrl(
  path: keyof ApiPaths,
  pathParams: Record<string, string | number> = {},
  query: Record<string, QueryValue> = {},
): string {
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(String(pathParams[name])),
  );
  const qs = encodeQuery(query);
  return serverUrl(`/api${filled}${qs ? `?${qs}` : ""}`);
}

/**
 * Checks with HEAD that a link download will be served, so a refusal is
 * shown as the server's message instead of being saved as a file named
 * after the URL (a 403 body as `6.json`). Throws ApiError when refused.
 */
export async function checkDownload(url: string): Promise<void> {
  const request = (method: string) =>
    send(new Request(origin + url, { method, credentials: "same-origin" }));
  try {
    await request("HEAD");
  } catch (err) {
    if (!isApiError(err) || err.status === 0) throw err;
    // A HEAD answer has no body; the GET of a refusal carries the server's message.
    await request("GET");
    throw err;
  }
}

/** The answer of a call made with `api` (failures have thrown ApiError already). */
export async function answer<T>(pending: Promise<{ data?: T }>): Promise<T> {
  return (await pending).data as T;
}

/** One page of a list operation, with the unpaged count of `X-Total-Count`. */
export interface ListPage<T> {
  items: T[];
  total: number;
}

/** A list operation's answer with its `X-Total-Count`. */
export async function listPage<T>(
  pending: Promise<{ data?: T[]; response: Response }>,
): Promise<ListPage<T>> {
  const { data, response } = await pending;
  const items = data ?? [];
  const header = response.headers.get("X-Total-Count");
  return { items, total: header === null ? items.length : Number(header) };
}

/** A file answer (called with `parseAs: "blob"`), named as `Content-Disposition` says. */
export async function download(
  pending: Promise<{ data?: unknown; response: Response }>,
  fallbackName: string,
): Promise<DownloadedFile> {
  const { data, response } = await pending;
  const filename = dispositionFilename(response.headers.get("Content-Disposition"));
  return { blob: data as Blob, filename: filename ?? fallbackName };
}
