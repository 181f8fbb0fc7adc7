import type { ScriptSummary, ScriptTree } from "@metabuild/contract";

/** A folder of the Scripts pane with what it holds, folders first, each by name. */
export interface ScriptFolderNode {
  path: string;
  name: string;
  folders: ScriptFolderNode[];
  scripts: ScriptSummary[];
}

/** The root (`/`) of the project's scripts as nested folders (the server lists them flat). */
export function scriptFolderTree(tree: ScriptTree): ScriptFolderNode {
  const root: ScriptFolderNode = { path: "/", name: "/", folders: [], scripts: [] };
  const byPath = new Map<string, ScriptFolderNode>([["/", root]]);
  const node = (path: string): ScriptFolderNode => {
    const known = byPath.get(path);
    if (known) return known;
    const cut = path.lastIndexOf("/");
    const made: ScriptFolderNode = { path, name: path.slice(cut + 1), folders: [], scripts: [] };
    byPath.set(path, made);
    node(cut === 0 ? "/" : path.slice(0, cut)).folders.push(made);
    return made;
  };
  for (const f of tree.folders) node(f.path);
  for (const s of tree.scripts) node(s.folder).scripts.push(s);
  const sort = (n: ScriptFolderNode) => {
    n.folders.sort((a, b) => a.name.localeCompare(b.name));
    n.scripts.sort((a, b) => a.name.localeCompare(b.name));
    n.folders.forEach(sort);
  };
  sort(root);
  return root;
}

/** `/a/b` + `x` → `/a/b/x`, the root's `/x`. */
export function scriptPathOf(folder: string, name: string): string {
  return folder === "/" ? `/${name}` : `${folder}/${name}`;
}

/** A folder path after its ancestor `from` moved to `to` (unchanged when outside it). */
export function movedPath(path: string, from: string, to: string): string {
  if (path === from) return to;
  return path.startsWith(`${from}/`) ? to + path.slice(from.length) : path;
}
