/**
 * The server's base path (METABUILD_BASE_PATH), read from the `<base href>`
 * the server puts into index.html (docs/http-edge.md "Base path"): one build
 * serves any base path. "" at the root, and under `vite dev` (no <base>).
 */
export function basePath(): string {
  const href =
    typeof document === "undefined" ? null : document.querySelector("base")?.getAttribute("href");
  return (href ?? "").replace(/\/+$/, "");
}

/** An absolute server path (under `/api`, or `/authentication`) as the browser must ask for it. */
export function serverUrl(path: string): string {
  return path.startsWith("/") ? basePath() + path : path;
}
