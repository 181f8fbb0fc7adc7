/** Paths the folder dialogs compute (the server normalises them again: docs/folders-and-projects.md). */

/** `/a/b` → `/a`; `/a` → `/`. */
export function parentPath(path: string): string {
  const at = path.lastIndexOf("/");
  return at <= 0 ? "/" : path.slice(0, at);
}

/** `name` (which may hold `/` for nested folders) inside `parent`. */
export function childPath(parent: string, name: string): string {
  const tail = name.trim().replace(/^\/+|\/+$/g, "");
  return parent === "/" ? `/${tail}` : `${parent}/${tail}`;
}
