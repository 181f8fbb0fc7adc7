/**
 * The media type a bundle is sent with: JSON for a `.json` file or text that
 * starts with `{`, otherwise YAML (what `metabuild export` writes).
 */
export function bundleMediaType(text: string, fileName?: string): string {
  if (fileName !== undefined)
    return /\.json$/i.test(fileName) ? "application/json" : "application/yaml";
  return text.trimStart().startsWith("{") ? "application/json" : "application/yaml";
}
