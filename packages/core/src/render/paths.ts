/**
 * Rendered file paths are relative archive paths (docs/reference/rules.md §6): a leading
 * `/` is dropped, `\` counts as `/`, `.` and empty segments vanish; an empty
 * result or a `..` segment is refused so nothing can escape the archive.
 */
export type PathCheck = { ok: true; path: string } | { ok: false; reason: string };

/** Already normal: no leading `/` or space, no `\`, `//`, `.`/`..` segment, control character. */
const PLAIN =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are refused
  /^(?![\s/])(?!.*(?:^|\/)\.\.?(?:\/|$))(?!.*\/\/)[^\\\u0000-\u001f]*[^\s/\\\u0000-\u001f]$/;

export function normaliseRenderedPath(raw: string): PathCheck {
  // Most rendered paths are plain already; only the others take the long way.
  if (PLAIN.test(raw)) return { ok: true, path: raw };
  const segments = raw
    .trim()
    .replace(/\\/g, "/")
    .split("/")
    .filter((s) => s !== "" && s !== ".");
  if (segments.some((s) => s === ".."))
    return { ok: false, reason: `the rendered path '${raw.trim()}' contains '..'` };
  if (segments.length === 0) return { ok: false, reason: "the rendered path is empty" };
  // A control character in a file name breaks unzip tools and shells alike.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: that is the point
  if (segments.some((s) => /[\u0000-\u001f]/.test(s)))
    return { ok: false, reason: `the rendered path '${raw.trim()}' contains a control character` };
  return { ok: true, path: segments.join("/") };
}
