import type { ErrorBody } from "@metabuild/contract";

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

/** The Feathers error body of a failure answer, or a message naming its status. */
export async function errorBody(res: Response): Promise<Partial<ErrorBody>> {
  try {
    return (await res.json()) as Partial<ErrorBody>;
  } catch {
    return { message: `The server answered ${res.status} ${res.statusText}`.trim() };
  }
}

/** A downloaded file: its bytes and the name the server gave it. */
export interface DownloadedFile {
  blob: Blob;
  filename: string;
}

export function isApiError(err: unknown, status?: number): err is ApiError {
  return err instanceof ApiError && (status === undefined || err.status === status);
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
  /** From `operationUrl()` of the client module. */
  url: string,
  form: FormData,
  opts: { onProgress?: (sent: number, total: number) => void; signal?: AbortSignal } = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
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
