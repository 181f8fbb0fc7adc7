/**
 * `Content-Disposition` for a file download: a plain ASCII `filename` for old
 * clients and the exact name as RFC 5987 `filename*` (UTF-8).
 */
export function attachmentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
