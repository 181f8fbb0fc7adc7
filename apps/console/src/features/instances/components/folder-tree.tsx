import type { InstanceFolder } from "@metabuild/contract";
import {
  type KeyboardEvent,
  type MouseEvent,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { ContextMenu, type ContextMenuItem, menuPoint } from "../../../components/context-menu.tsx";

interface TreeNode {
  folder: InstanceFolder;
  children: TreeNode[];
}

/** A visible line of the tree: "all folders", or a folder at its depth. */
interface Line {
  key: string;
  path: string | undefined;
  label: string;
  level: number;
  node?: TreeNode;
  setSize: number;
  posInSet: number;
}

const ALL = "all";

function buildTree(folders: InstanceFolder[]): TreeNode[] {
  const byId = new Map(folders.map((f) => [f.id, { folder: f, children: [] as TreeNode[] }]));
  const roots: TreeNode[] = [];
  for (const node of byId.values()) {
    const parent = node.folder.parent_id === null ? undefined : byId.get(node.folder.parent_id);
    (parent ? parent.children : roots).push(node);
  }
  const byName = (a: TreeNode, b: TreeNode) => a.folder.name.localeCompare(b.folder.name);
  for (const node of byId.values()) node.children.sort(byName);
  return roots.sort(byName);
}

/** Ids of the folders above `path` (so a deep-linked folder is shown open). */
function ancestorIds(folders: InstanceFolder[], path: string | undefined): number[] {
  if (!path) return [];
  const byPath = new Map(folders.map((f) => [f.path, f]));
  const byId = new Map(folders.map((f) => [f.id, f]));
  const ids: number[] = [];
  let at = byPath.get(path);
  while (at && at.parent_id !== null) {
    ids.push(at.parent_id);
    at = byId.get(at.parent_id);
  }
  return ids;
}

/**
 * The project's folder tree (WAI-ARIA tree): arrows move and open/close,
 * Enter or Space shows the folder's instances. "All folders" drops the filter.
 * A folder's context menu (right click, the context-menu key or Shift+F10)
 * holds `menuItems` for it (docs/console-scale.md).
 */
export function FolderTree({
  folders,
  selected,
  onSelect,
  menuItems,
}: {
  folders: InstanceFolder[];
  selected: string | undefined;
  onSelect: (path: string | undefined) => void;
  /** The actions on a folder, given whether it has subfolders. */
  menuItems?: (path: string, hasSubfolders: boolean) => ContextMenuItem[];
}) {
  const roots = useMemo(() => buildTree(folders), [folders]);
  const [expanded, setExpanded] = useState<Set<number>>(
    () => new Set([...roots.map((r) => r.folder.id), ...ancestorIds(folders, selected)]),
  );
  useEffect(() => {
    const up = ancestorIds(folders, selected);
    if (up.some((id) => !expanded.has(id))) setExpanded((e) => new Set([...e, ...up]));
  }, [folders, selected, expanded]);

  const lines = useMemo(() => {
    const out: Line[] = [
      {
        key: ALL,
        path: undefined,
        label: "All folders",
        level: 1,
        setSize: roots.length + 1,
        posInSet: 1,
      },
    ];
    const walk = (nodes: TreeNode[], level: number, offset: number) => {
      nodes.forEach((node, i) => {
        const f = node.folder;
        out.push({
          key: String(f.id),
          path: f.path,
          label: f.path === "/" ? "/ (root)" : f.name,
          level,
          node,
          setSize: nodes.length + offset,
          posInSet: i + 1 + offset,
        });
        if (expanded.has(f.id)) walk(node.children, level + 1, 0);
      });
    };
    walk(roots, 1, 1);
    return out;
  }, [roots, expanded]);

  const selectedKey = lines.find((l) => l.path === selected)?.key ?? ALL;
  const [focusKey, setFocusKey] = useState(selectedKey);
  const focusable = lines.some((l) => l.key === focusKey) ? focusKey : selectedKey;
  const tree = useRef<HTMLDivElement>(null);

  function focusLine(key: string) {
    setFocusKey(key);
    tree.current?.querySelector<HTMLElement>(`[data-key="${key}"]`)?.focus();
  }

  const [menu, setMenu] = useState<{ line: Line; at: { x: number; y: number } }>();
  const closeMenu = useCallback(
    (returnFocus: boolean) => {
      if (returnFocus && menu)
        tree.current?.querySelector<HTMLElement>(`[data-key="${menu.line.key}"]`)?.focus();
      setMenu(undefined);
    },
    [menu],
  );
  function openMenu(line: Line, e: MouseEvent<HTMLElement>) {
    if (!menuItems || line.path === undefined) return;
    e.preventDefault();
    setFocusKey(line.key);
    setMenu({ line, at: menuPoint(e) });
  }

  function toggle(node: TreeNode, open: boolean) {
    setExpanded((e) => {
      const next = new Set(e);
      if (open) next.add(node.folder.id);
      else next.delete(node.folder.id);
      return next;
    });
  }

  function onKey(e: KeyboardEvent) {
    const at = lines.findIndex((l) => l.key === focusable);
    const line = lines[at];
    if (!line) return;
    const node = line.node;
    const isOpen = node ? expanded.has(node.folder.id) : false;
    const handled = () => e.preventDefault();
    if (e.key === "ContextMenu" || (e.key === "F10" && e.shiftKey)) {
      handled();
      const item = tree.current?.querySelector<HTMLElement>(`[data-key="${line.key}"]`);
      if (menuItems && line.path !== undefined && item) {
        const r = item.getBoundingClientRect();
        setMenu({ line, at: { x: r.left + 24, y: r.bottom } });
      }
      return;
    }
    switch (e.key) {
      case "ArrowDown":
        handled();
        if (at < lines.length - 1) focusLine(lines[at + 1].key);
        break;
      case "ArrowUp":
        handled();
        if (at > 0) focusLine(lines[at - 1].key);
        break;
      case "Home":
        handled();
        focusLine(lines[0].key);
        break;
      case "End":
        handled();
        focusLine(lines[lines.length - 1].key);
        break;
      case "ArrowRight":
        handled();
        if (node?.children.length && !isOpen) toggle(node, true);
        else if (node && isOpen && node.children.length) focusLine(lines[at + 1].key);
        break;
      case "ArrowLeft": {
        handled();
        if (node && isOpen) toggle(node, false);
        else if (node?.folder.parent_id != null) focusLine(String(node.folder.parent_id));
        break;
      }
      case "Enter":
      case " ":
        handled();
        onSelect(line.path);
        break;
    }
  }

  return (
    <>
      <div className="folder-tree" role="tree" aria-label="Folders" ref={tree} onKeyDown={onKey}>
        {lines.map((line) => {
          const node = line.node;
          const hasChildren = Boolean(node?.children.length);
          const isOpen = node ? expanded.has(node.folder.id) : undefined;
          return (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the tree handles the keys for all its items (roving focus)
            <div
              key={line.key}
              data-key={line.key}
              role="treeitem"
              aria-level={line.level}
              aria-setsize={line.setSize}
              aria-posinset={line.posInSet}
              aria-selected={line.key === selectedKey}
              aria-expanded={hasChildren ? isOpen : undefined}
              tabIndex={line.key === focusable ? 0 : -1}
              className="tree-item"
              style={{ paddingLeft: `${(line.level - 1) * 1.1 + 0.4}rem` }}
              title={line.path}
              aria-haspopup={menuItems && line.path !== undefined ? "menu" : undefined}
              onContextMenu={(e) => openMenu(line, e)}
              // Keys act on the item that has focus, however it got there.
              onFocus={() => setFocusKey(line.key)}
              onClick={() => {
                setFocusKey(line.key);
                onSelect(line.path);
                // Opening a folder also shows what is inside it.
                if (node && hasChildren && !isOpen) toggle(node, true);
              }}
            >
              {hasChildren && node ? (
                <span
                  className="tree-toggle"
                  aria-hidden="true"
                  onClick={(e) => {
                    e.stopPropagation();
                    toggle(node, !isOpen);
                  }}
                >
                  {isOpen ? "▾" : "▸"}
                </span>
              ) : (
                <span className="tree-toggle" aria-hidden="true" />
              )}
              <span className="tree-label">{line.label}</span>
            </div>
          );
        })}
      </div>
      {menu && menuItems && menu.line.path !== undefined ? (
        <ContextMenu
          label={`Folder ${menu.line.path}`}
          at={menu.at}
          items={menuItems(menu.line.path, Boolean(menu.line.node?.children.length))}
          onClose={closeMenu}
        />
      ) : null}
    </>
  );
}
