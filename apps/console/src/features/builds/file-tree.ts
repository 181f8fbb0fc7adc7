/**
 * The build archive's files as a tree of pattern → folders → files, and the
 * rows a (virtualised) tree view shows for what is expanded and filtered.
 */
export interface ArchiveFile {
  pattern: string;
  path: string;
}

interface TreeNode {
  key: string;
  name: string;
  file?: ArchiveFile;
  children: Map<string, TreeNode>;
  /** Files at or below this node. */
  files: number;
}

export interface TreeRow {
  key: string;
  name: string;
  /** 1 for a pattern. */
  level: number;
  dir: boolean;
  expanded: boolean;
  file?: ArchiveFile;
  /** Files below a folder (matching the filter, when there is one). */
  files: number;
}

export function buildFileTree(files: readonly ArchiveFile[]): TreeNode {
  const root: TreeNode = { key: "", name: "", children: new Map(), files: 0 };
  for (const file of files) {
    const parts = [file.pattern, ...file.path.split("/").filter(Boolean)];
    let node = root;
    node.files++;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const key = `${node.key}/${part}${last ? "" : "/"}`;
      let child = node.children.get(key);
      if (!child) {
        child = { key, name: part, children: new Map(), files: 0, file: last ? file : undefined };
        node.children.set(key, child);
      }
      child.files++;
      node = child;
    });
  }
  return root;
}

const byFoldersFirst = (a: TreeNode, b: TreeNode) =>
  Number(a.file !== undefined) - Number(b.file !== undefined) || a.name.localeCompare(b.name);

/**
 * The rows to show: children of expanded folders, in folders-first name
 * order. With a filter (case-insensitive, on `pattern/path`), only matching
 * files and the folders leading to them, all open.
 */
export function visibleRows(root: TreeNode, expanded: ReadonlySet<string>, filter = ""): TreeRow[] {
  const q = filter.trim().toLowerCase();
  const rows: TreeRow[] = [];
  const matches = (n: TreeNode): number => {
    if (n.file) return `${n.file.pattern}/${n.file.path}`.toLowerCase().includes(q) ? 1 : 0;
    let count = 0;
    for (const c of n.children.values()) count += matches(c);
    return count;
  };
  const walk = (node: TreeNode, level: number) => {
    for (const child of [...node.children.values()].sort(byFoldersFirst)) {
      const files = q ? matches(child) : child.files;
      if (q && files === 0) continue;
      const dir = child.file === undefined;
      const open = dir && (q !== "" || expanded.has(child.key));
      rows.push({
        key: child.key,
        name: child.name,
        level,
        dir,
        expanded: open,
        file: child.file,
        files,
      });
      if (open) walk(child, level + 1);
    }
  };
  walk(root, 1);
  return rows;
}
