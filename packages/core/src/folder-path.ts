/**
 * Folder paths (docs/reference/rules.md §4): they start with `/`, `/` is the root, and
 * segments are separated by `/`. People type them loosely (`a/b/`, `//a`),
 * so every lookup goes through one normal form.
 */
export const ROOT_FOLDER = "/";

/** The segments of a path, without empty ones: `/a//b/` → `["a", "b"]`. */
export function folderPathSegments(path: string): string[] {
  return path
    .split("/")
    .map((s) => s.trim())
    .filter((s) => s !== "");
}

/** The normal form of a path: leading `/`, no trailing or doubled `/`; `""` is the root. */
export function normalizeFolderPath(path: string): string {
  return `/${folderPathSegments(path).join("/")}`;
}
