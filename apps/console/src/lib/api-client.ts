import type { ErrorBody } from "@metabuild/contract";
import { serverUrl } from "./base-path.ts";
import { type QueryValue, encodeQuery } from "./query-string.ts";

/** The message of a call that never got an answer. */
export const UNREACHABLE = "The server cannot be reached. Check your connection.";

/** A failed API call, carrying the server's Feathers error body (docs/reference/rules.md §3). */
export class ApiError extends Error {
  readonly status: number;
  readonly errorName: string;
  readonly className: string;
  readonly data: unknown;

  constructor(status: number, body: Partial<ErrorBody>) {
    super(body.message ?? `The server answered ${status}`);
    this.status = status;
    this.errorName = body.name ?? "GeneralError";
    this.className = body.className ?? "general-error";
    this.data = body.data;
  }
}

export function isApiError(err: unknown, status?: number): err is ApiError {
  return err instanceof ApiError && (status === undefined || err.status === status);
}

export interface RequestOptions {
  method?: "GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE";
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** A body sent as is, with its own type (a YAML bundle), instead of JSON `body`. */
  text?: { body: string; type: string };
  signal?: AbortSignal;
}

/**
 * The one place the console talks to the server. The session is the
 * server-set HttpOnly cookie (never a token in script), so every call goes
 * to this origin with credentials.
 */
async function request(path: string, opts: RequestOptions = {}): Promise<Response> {
  const qs = opts.query ? encodeQuery(opts.query) : "";
  const headers: Record<string, string> = { Accept: "application/json" };
  if (opts.body !== undefined) headers["Content-Type"] = "application/json";
  if (opts.text !== undefined) headers["Content-Type"] = opts.text.type;
  let res: Response;
  try {
    res = await fetch(serverUrl(qs ? `${path}?${qs}` : path), {
      method: opts.method ?? "GET",
      credentials: "same-origin",
      headers,
      body: opts.text?.body ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body)),
      signal: opts.signal,
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === "AbortError") throw err;
    throw new ApiError(0, { message: UNREACHABLE });
  }
  if (!res.ok) throw new ApiError(res.status, await errorBody(res));
  return res;
}

export async function errorBody(res: Response): Promise<Partial<ErrorBody>> {
  try {
    return (await res.json()) as Partial<ErrorBody>;
  } catch {
    return { message: `The server answered ${res.status} ${res.statusText}`.trim() };
  }
}

/** A JSON call; resolves to the parsed body. */
export async function apiJson<T>(path: string, opts?: RequestOptions): Promise<T> {
  const res = await request(path, opts);
  return (await res.json()) as T;
}

/** One page of a list endpoint, with the unpaged count of `X-Total-Count`. */
export interface ListPage<T> {
  items: T[];
  total: number;
}

export async function apiList<T>(path: string, opts?: RequestOptions): Promise<ListPage<T>> {
  const res = await request(path, opts);
  const items = (await res.json()) as T[];
  const header = res.headers.get("X-Total-Count");
  return { items, total: header === null ? items.length : Number(header) };
}

/** A plain-text call (rendered files); resolves to the body's text. */
export async function apiText(path: string, opts?: RequestOptions): Promise<string> {
  const res = await request(path, opts);
  return res.text();
}

/** A downloaded file: its bytes and the name the server gave it. */
export interface DownloadedFile {
  blob: Blob;
  filename: string;
}

/**
 * The file name of a `Content-Disposition` header: the exact RFC 5987
 * `filename*` when present, else the plain `filename`.
 */
export function dispositionFilename(header: string | null): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*[^']*'[^']*'([^;]+)/i.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // a malformed escape: fall back to the plain name
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/i.exec(header);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  return name || undefined;
}

/** A file download (an attachment); errors come as ApiError like every call. */
export async function apiDownload(
  path: string,
  opts: RequestOptions & { fallbackName: string },
): Promise<DownloadedFile> {
  const res = await request(path, opts);
  const filename = dispositionFilename(res.headers.get("Content-Disposition"));
  return { blob: await res.blob(), filename: filename ?? opts.fallbackName };
}

/** Hands a downloaded file to the browser, as a link with `download` would. */
export function saveFile(file: DownloadedFile): void {
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = file.filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the browser has started the download.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * A multipart/form-data POST with upload progress (`fetch` cannot report
 * it), answering the parsed JSON; failures are ApiError as elsewhere.
 */
export function apiUpload<T>(
  path: string,
  form: FormData,
  opts: { onProgress?: (sent: number, total: number) => void; signal?: AbortSignal } = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", serverUrl(path));
    xhr.withCredentials = true;
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) opts.onProgress?.(e.loaded, e.total);
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as T);
      else
        reject(
          new ApiError(
            xhr.status,
            (body as Partial<ErrorBody> | undefined) ?? {
              message: `The server answered ${xhr.status} ${xhr.statusText}`.trim(),
            },
          ),
        );
    };
    xhr.onerror = () => reject(new ApiError(0, { message: UNREACHABLE }));
    xhr.onabort = () => reject(new DOMException("The upload was cancelled", "AbortError"));
    opts.signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

/**
 * Checks with HEAD that a link download will be served, so a refusal is
 * shown as the server's message instead of being saved as a file named
 * after the URL (a 403 body as `6.json`). Throws ApiError when refused.
 */
export async function checkDownload(path: string): Promise<void> {
  try {
    await request(path, { method: "HEAD" });
  } catch (err) {
    if (!isApiError(err) || err.status === 0) throw err;
    // A HEAD answer has no body; the GET of a refusal carries the server's message.
    await request(path);
    throw err;
  }
}
