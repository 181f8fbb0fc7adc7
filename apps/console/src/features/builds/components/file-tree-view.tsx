import { useMemo, useRef, useState } from "react";
import { type ArchiveFile, buildFileTree, visibleRows } from "../file-tree.ts";

/** Row height in px; the view renders only the rows in sight (plus a margin). */
const ROW = 26;
const HEIGHT = 24 * 16;
const MARGIN = 8;

/**
 * A build's files as a searchable tree, virtualised so ten thousand files
 * stay smooth. Keyboard: ↑/↓ move, → opens, ← closes, Enter opens a file.
 */
export function FileTreeView({
  files,
  current,
  onOpen,
}: {
  files: readonly ArchiveFile[];
  current: ArchiveFile | undefined;
  onOpen: (file: ArchiveFile) => void;
}) {
  const tree = useMemo(() => buildFileTree(files), [files]);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() =>
    // One pattern: open it at once; several: the user picks.
    tree.children.size === 1 ? new Set(tree.children.keys()) : new Set(),
  );
  const [filter, setFilter] = useState("");
  const rows = useMemo(() => visibleRows(tree, expanded, filter), [tree, expanded, filter]);
  const [focus, setFocus] = useState(0);
  const [scrollTop, setScrollTop] = useState(0);
  const frame = useRef<HTMLDivElement>(null);

  const toggle = (key: string, open?: boolean) =>
    setExpanded((prev) => {
      const next = new Set(prev);
      if (open ?? !next.has(key)) next.add(key);
      else next.delete(key);
      return next;
    });
  const moveTo = (index: number) => {
    const i = Math.max(0, Math.min(rows.length - 1, index));
    setFocus(i);
    const el = frame.current;
    if (!el) return;
    if (i * ROW < el.scrollTop) el.scrollTop = i * ROW;
    else if ((i + 1) * ROW > el.scrollTop + HEIGHT) el.scrollTop = (i + 1) * ROW - HEIGHT;
    // The row may not be rendered yet: focus it once React has drawn it.
    requestAnimationFrame(() =>
      el.querySelector<HTMLElement>(`[data-index="${i}"]`)?.focus({ preventScroll: true }),
    );
  };
  const activate = (i: number) => {
    const row = rows[i];
    if (!row) return;
    if (row.file) onOpen(row.file);
    else toggle(row.key);
  };
  const onKeyDown = (e: React.KeyboardEvent) => {
    const row = rows[focus];
    if (e.key === "ArrowDown") moveTo(focus + 1);
    else if (e.key === "ArrowUp") moveTo(focus - 1);
    else if (e.key === "Home") moveTo(0);
    else if (e.key === "End") moveTo(rows.length - 1);
    else if (e.key === "ArrowRight" && row?.dir) toggle(row.key, true);
    else if (e.key === "ArrowLeft" && row?.dir) toggle(row.key, false);
    else if (e.key === "Enter" || e.key === " ") activate(focus);
    else return;
    e.preventDefault();
  };

  const first = Math.max(0, Math.floor(scrollTop / ROW) - MARGIN);
  const last = Math.min(rows.length, Math.ceil((scrollTop + HEIGHT) / ROW) + MARGIN);
  const tabStop = Math.min(focus, rows.length - 1);
  const total = files.length;
  const shown = filter ? rows.reduce((n, r) => n + (r.file ? 1 : 0), 0) : total;

  return (
    <div className="file-tree">
      <input
        type="search"
        className="file-tree-search"
        aria-label="Find files"
        placeholder="Find files by part of the path"
        value={filter}
        onChange={(e) => {
          setFilter(e.target.value);
          setFocus(0);
        }}
      />
      <p className="muted" aria-live="polite">
        {filter ? `${shown} of ${total} files match` : `${total} files`}
      </p>
      <div
        ref={frame}
        className="file-tree-frame"
        style={{ height: Math.min(HEIGHT, Math.max(rows.length, 1) * ROW + 2) }}
        onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
      >
        <div
          role="tree"
          aria-label="Files"
          onKeyDown={onKeyDown}
          style={{ height: rows.length * ROW, position: "relative" }}
        >
          {rows.slice(first, last).map((row, offset) => {
            const i = first + offset;
            const active =
              row.file !== undefined &&
              current?.pattern === row.file.pattern &&
              current.path === row.file.path;
            return (
              // biome-ignore lint/a11y/useKeyWithClickEvents: the tree handles the keys of all its items (roving focus)
              <div
                key={row.key}
                role="treeitem"
                data-index={i}
                tabIndex={i === tabStop ? 0 : -1}
                aria-level={row.level}
                aria-expanded={row.dir ? row.expanded : undefined}
                aria-selected={active}
                aria-label={row.file ? `${row.file.pattern}/${row.file.path}` : row.name}
                className={active ? "file-tree-row active" : "file-tree-row"}
                style={{ top: i * ROW, height: ROW, paddingLeft: `${row.level - 1}rem` }}
                onFocus={() => setFocus(i)}
                onClick={() => {
                  setFocus(i);
                  activate(i);
                }}
              >
                <span aria-hidden="true" className="file-tree-mark">
                  {row.dir ? (row.expanded ? "▾" : "▸") : ""}
                </span>
                {row.name}
                {row.dir ? <span className="muted"> ({row.files})</span> : null}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
