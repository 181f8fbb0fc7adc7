/**
 * Folder paths (docs/reference/rules.md §4): they start with `/`, `/` is the root, and
 * segments are separated by `/`. People type them loosely (`a/b/`, `//a`),
 * so every lookup goes through one normal form.
 */
import { BadRequest } from "./errors.ts";

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

/**
 * Refuses a move of folder `from` (instance or script folders alike) to
 * `to` that cannot be done: the root stays, a folder does not become the
 * root, nor move onto itself or inside itself (docs/folders-and-projects.md).
 */
export function checkFolderMove(
  from: { path: string; segments: readonly string[] },
  to: { path: string; segments: readonly string[] },
): void {
  if (from.segments.length === 0)
    throw new BadRequest("Invalid value for 'path': the root folder cannot be moved");
  if (to.segments.length === 0)
    throw new BadRequest("Invalid value for 'new_path': a folder cannot become the root");
  if (to.path === from.path)
    throw new BadRequest(`Invalid value for 'new_path': the folder is at '${from.path}' already`);
  if (to.path.startsWith(`${from.path}/`))
    throw new BadRequest(
      `Invalid value for 'new_path': '${to.path}' lies inside the folder being moved ('${from.path}')`,
    );
}
