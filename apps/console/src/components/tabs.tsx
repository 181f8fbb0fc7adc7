import { type KeyboardEvent, type ReactNode, useId, useRef } from "react";

export interface Tab {
  id: string;
  label: string;
}

/**
 * WAI-ARIA tabs, controlled (the selected tab usually lives in the URL):
 * arrow keys, Home and End move between tabs.
 */
export function Tabs({
  label,
  tabs,
  selected,
  onSelect,
  children,
}: {
  label: string;
  tabs: Tab[];
  selected: string;
  onSelect: (id: string) => void;
  /** The selected tab's panel. */
  children: ReactNode;
}) {
  const base = useId();
  const list = useRef<HTMLDivElement>(null);

  function onKey(e: KeyboardEvent) {
    const at = tabs.findIndex((t) => t.id === selected);
    const to =
      e.key === "ArrowRight"
        ? (at + 1) % tabs.length
        : e.key === "ArrowLeft"
          ? (at - 1 + tabs.length) % tabs.length
          : e.key === "Home"
            ? 0
            : e.key === "End"
              ? tabs.length - 1
              : -1;
    if (to < 0) return;
    e.preventDefault();
    onSelect(tabs[to].id);
    list.current?.querySelectorAll<HTMLElement>('[role="tab"]')[to]?.focus();
  }

  return (
    <div className="tabs">
      <div className="tab-list" role="tablist" aria-label={label} ref={list} onKeyDown={onKey}>
        {tabs.map((t) => (
          <button
            key={t.id}
            id={`${base}-tab-${t.id}`}
            type="button"
            role="tab"
            aria-selected={t.id === selected}
            aria-controls={`${base}-panel`}
            tabIndex={t.id === selected ? 0 : -1}
            className="tab"
            onClick={() => onSelect(t.id)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div
        className="tab-panel"
        id={`${base}-panel`}
        role="tabpanel"
        aria-labelledby={`${base}-tab-${selected}`}
      >
        {children}
      </div>
    </div>
  );
}
