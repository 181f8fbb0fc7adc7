import type { SearchHit } from "@metabuild/contract";
import { useEffect, useId, useState } from "react";
import { useNavigate } from "react-router";
import { ErrorState } from "../../../components/status.tsx";
import { useDebounced } from "../../../components/use-debounced.ts";
import { useModalDialog } from "../../../components/use-modal-dialog.ts";
import { useSearch } from "../api/search-names.ts";

const KIND_WORDS: Record<SearchHit["kind"], string> = {
  instance: "Instance",
  folder: "Folder",
  pattern: "Pattern",
  build: "Build",
  sql: "SQL",
};

/**
 * Ctrl+K (⌘K) anywhere: a search over instances, folders, patterns, builds and
 * the user's SQL history by part of a name; Enter jumps to the hit
 * (docs/command-palette.md).
 */
export function CommandPalette() {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "k") {
        e.preventDefault();
        setOpen(true);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
  return (
    <>
      <button
        type="button"
        className="button button-ghost palette-button"
        aria-keyshortcuts="Control+K"
        onClick={() => setOpen(true)}
      >
        Search <kbd>Ctrl K</kbd>
      </button>
      {open ? <PaletteDialog onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function PaletteDialog({ onClose }: { onClose: () => void }) {
  const modal = useModalDialog();
  const navigate = useNavigate();
  const [text, setText] = useState("");
  const settled = useDebounced(text.trim(), 150);
  const search = useSearch(settled);
  const hits = settled ? (search.data?.hits ?? []) : [];
  const [active, setActive] = useState(0);
  const listId = useId();
  const titleId = useId();

  const go = (hit: SearchHit | undefined) => {
    if (!hit) return;
    modal.close();
    navigate(hit.path);
  };
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === "ArrowDown") setActive((i) => Math.min(hits.length - 1, i + 1));
    else if (e.key === "ArrowUp") setActive((i) => Math.max(0, i - 1));
    else if (e.key === "Enter") go(hits[active]);
    else return;
    e.preventDefault();
  };

  return (
    <dialog ref={modal.ref} className="dialog palette" aria-labelledby={titleId} onClose={onClose}>
      <h2 id={titleId} className="visually-hidden">
        Go to
      </h2>
      <input
        className="palette-input"
        role="combobox"
        aria-label="Find by name"
        aria-expanded={hits.length > 0}
        aria-controls={listId}
        aria-activedescendant={hits.length > 0 ? `${listId}-${active}` : undefined}
        placeholder="Instance, folder, pattern, build # or SQL…"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
      />
      {search.isError ? <ErrorState error={search.error} /> : null}
      <div id={listId} role="listbox" aria-label="Results" className="palette-results">
        {hits.map((hit, i) => (
          <div
            key={`${hit.kind}:${hit.path}`}
            tabIndex={-1}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            className={i === active ? "palette-hit active" : "palette-hit"}
            onMouseEnter={() => setActive(i)}
            onMouseDown={(e) => {
              // Keeps the focus in the input; the click then jumps.
              e.preventDefault();
              go(hit);
            }}
          >
            <span className="palette-kind">{KIND_WORDS[hit.kind]}</span>
            <span className="palette-label">{hit.label}</span>
            <span className="muted palette-detail">{hit.detail}</span>
          </div>
        ))}
      </div>
      {settled && search.isSuccess && hits.length === 0 ? (
        <p className="muted">Nothing is named like “{settled}”.</p>
      ) : null}
    </dialog>
  );
}
